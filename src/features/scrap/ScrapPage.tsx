import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { usePaginatedQuery, useQuery } from "convex/react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { stillRendering } from "@/lib/backgroundRender";
import { useSearchParams } from "react-router-dom";
import { isScrapCategory, SCRAP_CATEGORIES, SCRAP_LIMITS, ScrapCopy } from "@common/scrap";
import { CategoryFilter, ZIP_PATTERN, ZipRadiusFilters } from "@/components/forms/FilterFields";
import { Button, EmptyState, FiltersDisclosure, LoadMore, TextField } from "@/components/ui";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useDebouncedParam } from "@/lib/useDebouncedValue";
import { usePageTitle } from "@/lib/usePageTitle";
import { PostListingDialog } from "./PostListingDialog";
import { ScrapCardView, ScrapListSkeleton, scrapGridClasses } from "./ScrapCardView";

// /scrap (spec §2 Scrap marketplace, issue 17): header, Post Listing, filters in the URL (category,
// free-text place, within N miles of a ZIP), Clear Filters, a live paged card grid, the empty state
// 'No listings found' with Post First Listing; and the viewer's own listings and holds.

const PAGE_SIZE = 12;
const categoryOptions = SCRAP_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));
const TABS = ["Browse", "My Listings", "My Claims"] as const;

interface Filters {
  category: string;
  place: string;
  zip: string;
  radius: number;
}

function useScrapFilters() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = useMemo(() => {
    const category = params.get("category") ?? "";
    const radius = Number(params.get("radius"));
    return {
      category: isScrapCategory(category) ? category : "",
      place: params.get("place") ?? "",
      zip: params.get("zip") ?? "",
      radius: radius >= 1 && radius <= SCRAP_LIMITS.maxRadius ? radius : SCRAP_LIMITS.defaultRadius,
    };
  }, [params]);
  const setFilters = useCallback(
    (changes: Partial<Record<keyof Filters, string | number>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = String(value ?? "");
            if (text === "" || (key === "radius" && text === String(SCRAP_LIMITS.defaultRadius))) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilters };
}

function ScrapFilters({ filters, setFilters }: ReturnType<typeof useScrapFilters>) {
  const place = useDebouncedParam(filters.place, (v) => setFilters({ place: v }));
  const anySet = Boolean(filters.category || filters.place || filters.zip);
  const active = [filters.category, filters.zip].filter(Boolean).length;
  return (
    <form role="search" aria-label="Filter listings" onSubmit={(e) => e.preventDefault()} className="space-y-4">
      <TextField
        label="Location, city or ZIP"
        type="search"
        placeholder="e.g. Austin, Travis or 787"
        value={place.text}
        onChange={(e) => place.setText(e.target.value)}
        maxLength={100}
        enterKeyHint="search"
      />
      <FiltersDisclosure active={active} narrowOnly>
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-3">
          <CategoryFilter
            options={categoryOptions}
            value={filters.category}
            onChange={(category) => setFilters({ category })}
          />
          <ZipRadiusFilters zip={filters.zip} radius={filters.radius} onChange={setFilters} />
        </div>
      </FiltersDisclosure>
      {anySet && (
        <Button variant="ghost" size="sm" onClick={() => setFilters({ category: "", place: "", zip: "", radius: "" })}>
          Clear Filters
        </Button>
      )}
    </form>
  );
}

function BrowseResults({ filters, onPost }: { filters: Filters; onPost: () => void }) {
  const zip = ZIP_PATTERN.test(filters.zip) ? filters.zip : undefined;
  const args = {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.place.trim() ? { place: filters.place.trim() } : {}),
    ...(zip ? { zip, radius: filters.radius } : {}),
  };
  const { results: live, status, loadMore } = usePaginatedQuery(api.scrap.list, args, { initialNumItems: PAGE_SIZE });
  // Cards render in React's background (time-sliced) pass: see src/lib/backgroundRender.ts.
  const results = useDeferredValue(live);
  if (status === "LoadingFirstPage" || stillRendering(results, live)) return <ScrapListSkeleton />;
  if (results.length === 0) {
    return (
      <EmptyState title={ScrapCopy.empty}>
        <p>
          {Object.keys(args).length > 0
            ? "Try another place or category, or a wider distance."
            : "Nobody has listed materials yet. Have leftovers? List them for free."}
        </p>
        <Button className="mt-4" onClick={onPost}>
          {ScrapCopy.postFirst}
        </Button>
      </EmptyState>
    );
  }
  const nearest = Boolean(zip || filters.place.trim());
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        {nearest ? "Nearest first." : "Newest first."} Updates live as members post and claim.
      </p>
      <ul className={scrapGridClasses} aria-label="Listings">
        {results.map((card) => (
          <li key={card._id}>
            <ScrapCardView card={card} />
          </li>
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

function MineTab({ kind, onPost }: { kind: "listings" | "holding"; onPost: () => void }) {
  const data = useQuery(api.scrap.mine, {});
  if (data === undefined) return <ScrapListSkeleton count={3} />;
  const cards = kind === "listings" ? data.listings : data.holding;
  if (cards.length === 0) {
    return kind === "listings" ? (
      <EmptyState title={ScrapCopy.empty}>
        <p>Listings you post show up here, with their claims.</p>
        <Button className="mt-4" onClick={onPost}>
          {ScrapCopy.postFirst}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState title={ScrapCopy.empty}>
        Listings you claim show up here until you pick them up (you can hold {SCRAP_LIMITS.maxHolds} at once).
      </EmptyState>
    );
  }
  return (
    <ul className={scrapGridClasses} aria-label={kind === "listings" ? "My listings" : "My claims"}>
      {cards.map((card) => (
        <li key={card._id}>
          <ScrapCardView card={card} />
        </li>
      ))}
    </ul>
  );
}

const tabClasses = ({ selected }: { selected: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
    selected
      ? "bg-brand-700 text-white dark:bg-brand-300 dark:text-brand-950"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  );

export function ScrapPage() {
  usePageTitle(ScrapCopy.pageTitle);
  const { filters, setFilters } = useScrapFilters();
  const [posting, setPosting] = useState(false);
  const post = () => setPosting(true);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {ScrapCopy.pageTitle}
          </h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
            Give away leftovers, find materials nearby, and claim them with a pickup hold.
          </p>
        </div>
        <Button onClick={post} className="self-start sm:self-auto">
          Post Listing
        </Button>
      </header>
      <TabGroup>
        <TabList aria-label="Materials" className="flex gap-2 overflow-x-auto border-b border-slate-200 pb-2 dark:border-slate-700">
          {TABS.map((label) => (
            <Tab key={label} className={tabClasses}>
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-6">
          <TabPanel className="space-y-6 focus-visible:outline-none">
            <ScrapFilters filters={filters} setFilters={setFilters} />
            <QueryErrorBoundary
              key={JSON.stringify(filters)}
              fallback={(retry) => (
                <ErrorState
                  message="Unable to load listings. Check the ZIP code, or try again."
                  onRetry={retry}
                />
              )}
            >
              <BrowseResults filters={filters} onPost={post} />
            </QueryErrorBoundary>
          </TabPanel>
          <TabPanel className="focus-visible:outline-none">
            <MineTab kind="listings" onPost={post} />
          </TabPanel>
          <TabPanel className="focus-visible:outline-none">
            <MineTab kind="holding" onPost={post} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <PostListingDialog open={posting} onClose={() => setPosting(false)} />
    </div>
  );
}
