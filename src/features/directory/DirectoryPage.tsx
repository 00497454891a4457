import { useMutation, useQuery } from "convex/react";
import { Component, useDeferredValue, useEffect, useRef, useState, type ReactNode } from "react";
import { PROFESSION_CATEGORIES } from "@common/professions";
import { useSession } from "@/app/session";
import {
  Button,
  Checkbox,
  EmptyState,
  FiltersDisclosure,
  ListSkeleton,
  LoadMore,
  Select,
  TextField,
} from "@/components/ui";
import { CategoryFilter, CityStateFilters, ZipRadiusFilters } from "@/components/forms/FilterFields";
import { useDebouncedParam } from "@/lib/useDebouncedValue";
import { api } from "@/lib/api";
import { appErrorData } from "@/lib/errors";
import { usePageTitle } from "@/lib/usePageTitle";
import { ProfessionalActions, ProfessionalCard } from "./ProfessionalCard";
import {
  activeFilterCount,
  MAX_RESULTS,
  PAGE_SIZE,
  RATING_CHOICES,
  searchArgs,
  sortChoices,
  useDirectoryFilters,
  type DirectoryFilters,
} from "./useDirectoryFilters";

// Find Local Professionals (/professionals/search signed in, /professional-search public; spec §2
// "Professional directory"): a text search (server side, debounced), filters (category, city,
// state, ZIP + radius, minimum rating, verified only, available now) and a sort, all in the URL.
// Results are live (api.professionals.search): Available/Busy changes show without a reload.

export const DirectoryCopy = {
  title: "Find Local Professionals",
  empty: "No professionals found",
  loadFailedTitle: "Unable to Load Professionals",
  loadFailed: "There was an error loading professionals. Please try again.",
} as const;

const ratingOptions = [
  { value: "0", label: "Any rating" },
  ...RATING_CHOICES.map((r) => ({ value: String(r), label: `${r}+ stars` })),
];

export function DirectoryPage() {
  usePageTitle(DirectoryCopy.title);
  const { filters, setFilters } = useDirectoryFilters();
  const search = useDebouncedParam(filters.q, (q) => setFilters({ q }));
  const active = activeFilterCount(filters);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {DirectoryCopy.title}
        </h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
          Trade and property professionals near you, with their ratings and availability.
        </p>
      </header>

      <div className="space-y-3">
        <form
          role="search"
          aria-label="Search professionals"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ q: search.text });
          }}
        >
          <TextField
            label="Search professionals"
            type="search"
            placeholder="Name, business, trade or specialty"
            value={search.text}
            maxLength={100}
            enterKeyHint="search"
            onChange={(e) => search.setText(e.target.value)}
          />
        </form>

        <FiltersDisclosure
          active={active}
          aside={
            <Select
              label="Sort by"
              className="w-full min-[420px]:w-56"
              options={sortChoices(filters).map((s) => ({ value: s.value, label: s.label }))}
              value={filters.sort}
              onChange={(e) => setFilters({ sort: e.target.value })}
            />
          }
        >
          <div className="mt-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900">
            <FilterFields filters={filters} setFilters={setFilters} />
          </div>
        </FiltersDisclosure>
      </div>

      <section aria-label="Results">
        <DirectoryErrorBoundary resetKey={JSON.stringify(filters)}>
          <Results filters={filters} />
        </DirectoryErrorBoundary>
      </section>
    </div>
  );
}

function FilterFields({
  filters,
  setFilters,
}: {
  filters: DirectoryFilters;
  setFilters: ReturnType<typeof useDirectoryFilters>["setFilters"];
}) {
  return (
    <>
      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <CategoryFilter
          options={PROFESSION_CATEGORIES}
          value={filters.category}
          onChange={(category) => setFilters({ category })}
        />
        <CityStateFilters city={filters.city} state={filters.state} onChange={setFilters} />
        <ZipRadiusFilters
          zip={filters.zip}
          radius={filters.radius}
          onChange={setFilters}
          plus4
          aroundHint={Boolean(filters.state)}
        />
        <Select
          label="Minimum rating"
          options={ratingOptions}
          value={String(filters.rating)}
          onChange={(e) => setFilters({ rating: e.target.value })}
        />
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:gap-8">
        <Checkbox
          label="Verified only"
          checked={filters.verified}
          onChange={(e) => setFilters({ verified: e.target.checked })}
        />
        <Checkbox
          label="Available now"
          checked={filters.available}
          onChange={(e) => setFilters({ available: e.target.checked })}
        />
      </div>
      {activeFilterCount(filters) > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-4"
          onClick={() =>
            setFilters({
              category: "",
              city: "",
              state: "",
              zip: "",
              radius: "",
              rating: 0,
              verified: false,
              available: false,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </>
  );
}

function Results({ filters }: { filters: DirectoryFilters }) {
  const session = useSession();
  const viewerId = session.status === "signedIn" ? session.viewer._id : null;
  // "Show more" asks for more of the same list; a new search starts again at one page.
  const key = JSON.stringify(filters);
  const [limit, setLimit] = useState({ key, value: PAGE_SIZE });
  const shown = limit.key === key ? limit.value : PAGE_SIZE;
  // Cards render in React's background (time-sliced) pass: see src/lib/backgroundRender.ts.
  const args = searchArgs(filters, shown);
  const result = useDeferredValue(useQuery(api.professionals.search, args));
  useCountAppearances(viewerId !== null && result !== undefined ? args : null, shown - PAGE_SIZE);
  // While more load, keep the current cards on screen.
  const [last, setLast] = useState(result);
  if (result !== undefined && result !== last) setLast(result);
  const data = result ?? (limit.key === key && shown > PAGE_SIZE ? last : undefined);

  if (data === undefined) return <ListSkeleton shape="person" layout="grid" label="Loading professionals..." />;
  const { professionals, capped } = data;
  if (professionals.length === 0) {
    return <EmptyState title={DirectoryCopy.empty}>Try other words, a wider distance, or fewer filters.</EmptyState>;
  }
  const more = professionals.length >= shown && shown < MAX_RESULTS;
  return (
    <div className="space-y-4">
      <p aria-live="polite" className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Showing {professionals.length}
        {more || capped ? "+" : ""} {professionals.length === 1 ? "professional" : "professionals"}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {professionals.map((pro) => (
          <li key={pro._id}>
            <ProfessionalCard
              pro={pro}
              actions={<ProfessionalActions pro={pro} signedIn={viewerId !== null} isSelf={pro._id === viewerId} />}
            />
          </li>
        ))}
      </ul>
      <LoadMore
        status={!more ? "Exhausted" : result === undefined ? "LoadingMore" : "CanLoadMore"}
        onLoadMore={() => setLimit({ key, value: Math.min(shown + PAGE_SIZE, MAX_RESULTS) })}
        label="Show more"
      />
    </div>
  );
}

/**
 * Lead insights: a page the member was shown counts one search appearance for each professional on
 * it (the server runs the same search, so it counts what was really shown; convex/insights.ts).
 * Once per page: live updates of the same list don't count again. Best effort: a failure is silent.
 */
function useCountAppearances(args: ReturnType<typeof searchArgs> | null, pageStart: number) {
  const record = useMutation(api.insights.recordSearchAppearances);
  const counted = useRef<string | null>(null);
  const key = args === null ? null : JSON.stringify(args);
  useEffect(() => {
    if (args === null || key === counted.current) return;
    counted.current = key;
    record({ ...args, pageStart }).catch(() => undefined);
  }, [args, key, pageStart, record]);
}

interface BoundaryProps {
  children: ReactNode;
  /** A change (new filters) clears the error and tries again. */
  resetKey?: string;
  title?: string;
  message?: string;
}

/**
 * A failed professionals query shows spec §8 "Unable to Load Professionals" with Try Again (the list
 * mounts again and subscribes afresh). A refusal the user can act on (an unknown ZIP code) shows the
 * server's words.
 */
export class DirectoryErrorBoundary extends Component<BoundaryProps, { error: unknown; attempt: number }> {
  state = { error: null as unknown, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("unknown") };
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  render() {
    if (!this.state.error) return <div key={this.state.attempt}>{this.props.children}</div>;
    const data = appErrorData(this.state.error);
    return (
      <div
        role="alert"
        className="flex flex-col items-center rounded-xl border border-red-600 bg-red-50 px-4 py-10 text-center dark:border-red-400 dark:bg-red-950"
      >
        <h2 className="text-xl font-bold text-red-900 dark:text-red-100">
          {this.props.title ?? DirectoryCopy.loadFailedTitle}
        </h2>
        <p className="mt-2 max-w-md text-red-900 dark:text-red-100">
          {data?.message ?? this.props.message ?? DirectoryCopy.loadFailed}
        </p>
        <Button className="mt-6" variant="secondary" onClick={this.retry}>
          Try Again
        </Button>
      </div>
    );
  }
}
