import { TabGroup, TabPanel, TabPanels } from "@headlessui/react";
import { usePaginatedQuery } from "convex/react";
import { memo, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { stillRendering } from "@/lib/backgroundRender";
import { useSearchParams } from "react-router-dom";
import { POST_CATEGORIES, POST_TYPES, SocialCopy, isPostCategory, isPostType, normalizeHashtag } from "@common/socialCatalog";
import { useSession } from "@/app/session";
import { Button, ButtonLink, EmptyState, FiltersDisclosure, LoadMore, Select, Spinner } from "@/components/ui";
import { StrokeIcon } from "@/components/ui/Icon";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { UnderlineTabList } from "@/components/ui/Tabs";
import { CategoryFilter } from "@/components/forms/FilterFields";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { useTabParam } from "@/lib/useTabParam";
import { PostCard, PostListSkeleton } from "./PostCard";
import type { PostView } from "./format";
import { PostForm } from "./lazyParts";
import { TrendingTags } from "./TrendingTags";
import { countText } from "./format";
import { holdNewer } from "./richText";

// /feed (spec §2 Community feed): Professional Feed. Members get New Post (a panel that opens and
// closes); visitors read, with Sign In and Sign Up. Latest (with category, post type and ?tag=
// filters) and, signed in, Following. 3 card placeholders while loading, 'No posts yet', 'Failed
// to fetch feed'. Live: posts by others that arrive while the reader is here wait behind an
// "N new posts" pill (the list the reader is looking at does not move); the reader's own post
// shows at once.

const PAGE_SIZE = 10;
const TABS = [
  { key: "latest", label: "Latest" },
  { key: "following", label: "Following" },
] as const;
const TAB_KEYS = TABS.map((t) => t.key);
const categoryOptions = POST_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));
const typeOptions = POST_TYPES.map((t) => ({ value: t.value, label: t.label }));

interface Filters {
  category: string;
  postType: string;
  tag: string | null;
}

function useFeedFilters() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = useMemo(() => {
    const category = params.get("category") ?? "";
    const postType = params.get("postType") ?? "";
    return {
      category: isPostCategory(category) ? category : "",
      postType: isPostType(postType) ? postType : "",
      tag: normalizeHashtag(params.get("tag") ?? ""),
    };
  }, [params]);
  const setFilter = useCallback(
    (key: "category" | "postType" | "tag", value: string) =>
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
  return { filters, setFilter };
}

/** Latest or Following, held at what the reader first saw; newer posts by others wait behind a pill. */
function FeedList({
  kind,
  filters,
  onPost,
}: {
  kind: "latest" | "following";
  filters: Filters;
  onPost: (() => void) | null;
}) {
  const args =
    kind === "latest"
      ? {
          ...(filters.category ? { category: filters.category } : {}),
          ...(filters.postType ? { postType: filters.postType } : {}),
          ...(filters.tag ? { tag: filters.tag } : {}),
        }
      : {};
  const query = kind === "latest" ? api.social.posts.latest : api.social.posts.following;
  const { results, status, loadMore } = usePaginatedQuery(query, args, { initialNumItems: PAGE_SIZE });
  // The newest post shown: later ones by others wait for the reader (null until there is a first one).
  const [shownUpTo, setShownUpTo] = useState<number | null>(null);
  const top = useRef<HTMLUListElement>(null);
  const newest = results.reduce((max, p) => Math.max(max, p._creationTime), 0);
  if (shownUpTo === null && results.length > 0) setShownUpTo(newest);
  const { visible, waiting } = useMemo(() => holdNewer(results, shownUpTo), [results, shownUpTo]);
  // Cards render in React's background (time-sliced) pass: see src/lib/backgroundRender.ts.
  const deferredPosts = useDeferredValue(visible);

  if (status === "LoadingFirstPage" || stillRendering(deferredPosts, visible)) return <PostListSkeleton />;
  if (results.length === 0) {
    const filtered = Object.keys(args).length > 0;
    return (
      <EmptyState title={SocialCopy.empty}>
        <p>
          {kind === "following"
            ? "Follow members (or connect with them) to see their posts here."
            : filtered
              ? "Try another category, type or tag."
              : "Be the first to share your work with the community."}
        </p>
        {onPost && kind === "latest" && !filtered && (
          <Button className="mt-4" onClick={onPost}>
            Write the First Post
          </Button>
        )}
      </EmptyState>
    );
  }

  const showNew = () => {
    setShownUpTo(newest);
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    top.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    top.current?.focus({ preventScroll: true });
  };

  return (
    <div className="space-y-4">
      <div aria-live="polite" className="sticky top-20 z-20 flex justify-center empty:hidden">
        {waiting > 0 && (
          <button
            type="button"
            onClick={showNew}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-300 dark:text-brand-950 dark:hover:bg-brand-200"
          >
            <StrokeIcon d="M12 19V5m-7 7 7-7 7 7" className="size-5" />
            {countText(waiting, "new post")}
          </button>
        )}
      </div>
      <ul
        ref={top}
        tabIndex={-1}
        aria-label={kind === "latest" ? "Latest posts" : "Posts from people you follow"}
        className="scroll-mt-40 space-y-4 focus:outline-none"
      >
        <PostItems posts={deferredPosts} />
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

const PostItems = memo(function PostItems({ posts }: { posts: PostView[] }) {
  return posts.map((post) => (
    <li key={post._id}>
      <PostCard post={post} />
    </li>
  ));
});

function FeedFilters({ filters, setFilter }: ReturnType<typeof useFeedFilters>) {
  const active = [filters.category, filters.postType].filter(Boolean).length;
  return (
    <div className="space-y-3">
      <FiltersDisclosure active={active}>
        <div className="grid gap-4 sm:grid-cols-2">
          <CategoryFilter
            options={categoryOptions}
            value={filters.category}
            onChange={(v) => setFilter("category", v)}
          />
          <Select
            label="Post type"
            placeholder="All types"
            options={typeOptions}
            value={filters.postType}
            onChange={(e) => setFilter("postType", e.target.value)}
          />
        </div>
      </FiltersDisclosure>
      {filters.tag && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          Showing posts tagged
          <span className="inline-flex items-center gap-1 rounded-full border border-brand-700 bg-brand-50 py-0.5 pr-1 pl-3 font-semibold text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100">
            #{filters.tag}
            <button
              type="button"
              onClick={() => setFilter("tag", "")}
              className="flex size-7 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-brand-900"
            >
              <StrokeIcon d="m6 6 12 12M18 6 6 18" className="size-4" />
              <span className="sr-only">Clear the tag #{filters.tag}</span>
            </button>
          </span>
        </p>
      )}
    </div>
  );
}

function feedFallback(retry: () => void) {
  return <ErrorState message={SocialCopy.feedFailed} onRetry={retry} />;
}

export function FeedPage() {
  usePageTitle(SocialCopy.feedTitle);
  const session = useSession();
  const signedIn = session.status === "signedIn";
  const { filters, setFilter } = useFeedFilters();
  const [index, selectTab] = useTabParam(TAB_KEYS);
  const [composing, setComposing] = useState(false);
  const panelId = "new-post-panel";
  const openComposer = () => {
    setComposing(true);
    window.scrollTo({ top: 0 });
  };
  const latest = (
    <div className="space-y-4">
      <FeedFilters filters={filters} setFilter={setFilter} />
      <QueryErrorBoundary key={JSON.stringify(filters)} fallback={feedFallback}>
        <FeedList kind="latest" filters={filters} onPost={signedIn ? openComposer : null} />
      </QueryErrorBoundary>
    </div>
  );
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {SocialCopy.feedTitle}
          </h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
            Projects, tips and tools from professionals and owners, as they post them.
          </p>
        </div>
        {signedIn ? (
          <Button
            aria-expanded={composing}
            aria-controls={composing ? panelId : undefined}
            onClick={() => setComposing((v) => !v)}
            className="self-start sm:self-auto"
          >
            <StrokeIcon d={composing ? "m6 6 12 12M18 6 6 18" : "M12 5v14M5 12h14"} className="size-5" />
            {SocialCopy.newPost}
          </Button>
        ) : session.status === "signedOut" ? (
          <div className="flex gap-2 self-start sm:self-auto">
            <ButtonLink to="/login" variant="secondary">
              Sign In
            </ButtonLink>
            <ButtonLink to="/register">Sign Up</ButtonLink>
          </div>
        ) : null}
      </header>

      {signedIn && composing && (
        <section
          id={panelId}
          aria-labelledby="new-post-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="new-post-heading" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
            {SocialCopy.newPost}
          </h2>
          <Suspense fallback={<Spinner label="Loading the form..." />}>
            <PostForm onDone={() => setComposing(false)} onCancel={() => setComposing(false)} />
          </Suspense>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <aside aria-label="Trending" className="min-w-0 lg:order-2">
          <div className="lg:sticky lg:top-24">
            <TrendingTags current={filters.tag} />
          </div>
        </aside>
        <div className={cn("min-w-0 lg:order-1")}>
          {signedIn ? (
            <TabGroup selectedIndex={index} onChange={selectTab}>
              <UnderlineTabList label="Feed" tabs={TABS} />
              <TabPanels className="pt-6">
                <TabPanel className="focus-visible:outline-none">{latest}</TabPanel>
                <TabPanel className="focus-visible:outline-none">
                  <QueryErrorBoundary fallback={feedFallback}>
                    <FeedList kind="following" filters={filters} onPost={openComposer} />
                  </QueryErrorBoundary>
                </TabPanel>
              </TabPanels>
            </TabGroup>
          ) : (
            latest
          )}
        </div>
      </div>
    </div>
  );
}
