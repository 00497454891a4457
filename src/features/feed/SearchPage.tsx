import { useQuery } from "convex/react";
import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  POST_CATEGORIES,
  SEARCH_TYPES,
  SOCIAL_LIMITS,
  SocialCopy,
  isPostCategory,
  postCategoryLabel,
  postTypeLabel,
  type SearchType,
} from "@common/socialCatalog";
import { EmptyState, ListSkeleton, Select, TextField, cardClasses } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { CHECK_PATH, Pill } from "@/features/reviews/parts";
import { StrokeIcon } from "@/components/ui/Icon";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { relativeTime, useNow } from "@/lib/relativeTime";
import { useDebouncedParam } from "@/lib/useDebouncedValue";
import { usePageTitle } from "@/lib/usePageTitle";
import { authorName, categoryChipClasses, chipClasses, postPath, profilePath, tagPath } from "./format";

// /search (spec §2 Search; the header's Search and the site search /search?q=): query, type
// (People or Posts, or both) and category, all in the URL. It runs only with a non-empty query,
// once typing pauses. People link to their profile, posts to their page. 'No results found';
// 'Search failed'.

const typeOptions = SEARCH_TYPES.map((t) => ({ value: t.value, label: t.label }));
const categoryOptions = POST_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));

interface Params {
  q: string;
  type: SearchType | "";
  category: string;
}

function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters: Params = useMemo(() => {
    const type = params.get("type") ?? "";
    const category = params.get("category") ?? "";
    return {
      q: (params.get("q") ?? "").slice(0, SOCIAL_LIMITS.searchQuery),
      type: SEARCH_TYPES.some((t) => t.value === type) ? (type as SearchType) : "",
      category: isPostCategory(category) ? category : "",
    };
  }, [params]);
  const set = useCallback(
    (key: keyof Params, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, set };
}

function VerifiedPill() {
  return (
    <Pill className="border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100">
      <StrokeIcon d={CHECK_PATH} strokeWidth={3} className="size-3" />
      Verified
    </Pill>
  );
}

function Results({ filters }: { filters: Params }) {
  const now = useNow();
  const q = filters.q.trim();
  const result = useQuery(
    api.search.search,
    q
      ? {
          q,
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.category ? { category: filters.category } : {}),
        }
      : "skip",
  );
  if (!q) {
    return <EmptyState>Type a name, a business or words from a post to search.</EmptyState>;
  }
  if (result === undefined) return <ListSkeleton shape="row" count={4} label="Searching..." />;
  const showUsers = filters.type !== "posts";
  const showPosts = filters.type !== "users";
  if (result.users.length === 0 && result.posts.length === 0) {
    return <EmptyState title={SocialCopy.noResults}>Try other words, or another type or category.</EmptyState>;
  }
  return (
    <div className="space-y-8" aria-live="polite">
      {showUsers && result.users.length > 0 && (
        <section aria-labelledby="people-heading" className="space-y-3">
          <h2 id="people-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            People
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {result.users.map((u) => (
              <li key={u._id}>
                <Link
                  to={profilePath(u._id)}
                  className={cn(
                    cardClasses,
                    "flex items-center gap-3 p-4 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:border-brand-300",
                  )}
                >
                  <Avatar firstName={u.firstName} lastName={u.lastName} image={u.image} className="size-12" />
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                      {authorName(u)}
                      {u.verified && <VerifiedPill />}
                    </span>
                    {u.businessName && (
                      <span className="block truncate text-sm text-slate-700 dark:text-slate-200">
                        {u.businessName}
                      </span>
                    )}
                    <span className="block text-sm text-slate-600 dark:text-slate-300">
                      {[u.profession ?? (u.userType === "homeowner" ? "Homeowner" : null), u.location]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {showPosts && result.posts.length > 0 && (
        <section aria-labelledby="posts-heading" className="space-y-3">
          <h2 id="posts-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Posts
          </h2>
          <ul className="space-y-3">
            {result.posts.map((p) => (
              <li key={p._id} className={cn(cardClasses, "space-y-2 p-4")}>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                  <span className="font-semibold text-slate-900 dark:text-white">{authorName(p.author)}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={new Date(p._creationTime).toISOString()}>{relativeTime(p._creationTime, now)}</time>
                  <span className={cn(chipClasses, categoryChipClasses)}>{postCategoryLabel(p.category)}</span>
                  <span className={cn(chipClasses, categoryChipClasses)}>{postTypeLabel(p.postType)}</span>
                </p>
                <Link
                  to={postPath(p._id)}
                  className="block break-words text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-100"
                >
                  {p.excerpt}
                </Link>
                {p.hashtags.length > 0 && (
                  <p className="flex flex-wrap gap-2 text-sm">
                    {p.hashtags.map((tag) => (
                      <Link
                        key={tag}
                        to={tagPath(tag)}
                        className="font-semibold text-brand-700 hover:underline dark:text-brand-200"
                      >
                        #{tag}
                      </Link>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function SearchPage() {
  usePageTitle("Search");
  const { filters, set } = useSearchFilters();
  const box = useDebouncedParam(filters.q, (v) => set("q", v));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Search</h1>
      <form
        role="search"
        aria-label="Search members and posts"
        onSubmit={(e) => e.preventDefault()}
        className="space-y-4"
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Names, businesses, post words"
          value={box.text}
          onChange={(e) => box.setText(e.target.value)}
          maxLength={SOCIAL_LIMITS.searchQuery}
          enterKeyHint="search"
          autoFocus={!filters.q}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Type"
            placeholder="People and posts"
            options={typeOptions}
            value={filters.type}
            onChange={(e) => set("type", e.target.value)}
          />
          <Select
            label="Category"
            placeholder="All categories"
            options={categoryOptions}
            value={filters.category}
            onChange={(e) => set("category", e.target.value)}
          />
        </div>
      </form>
      <QueryErrorBoundary
        key={JSON.stringify(filters)}
        fallback={(retry) => <ErrorState message={SocialCopy.searchFailed} onRetry={retry} />}
      >
        <Results filters={filters} />
      </QueryErrorBoundary>
    </div>
  );
}
