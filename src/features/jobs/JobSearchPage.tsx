import { useQuery } from "convex/react";
import { useDeferredValue, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import {
  DEFAULT_RADIUS_MILES,
  JOB_STATUSES,
  JobMessages,
  MAX_RADIUS_MILES,
  OPEN_STATUSES,
  QUOTE_CATEGORIES,
  type JobStatus,
} from "@common/jobCatalog";
import { useSession } from "@/app/session";
import { Button, ButtonLink, EmptyState, FiltersDisclosure, TextField } from "@/components/ui";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/usePageTitle";
import { BrowseResults } from "./components/BrowseResults";
import { JobCardView, JobListSkeleton, jobGridClasses } from "./components/JobCardView";
import { JobsErrorBoundary } from "./components/JobsErrorBoundary";
import { SaveButton } from "./components/SaveButton";
import type { JobCard } from "./format";
import { useSavedIds, useToggleSave } from "./hooks/useSaveJob";
import { StatusFilter } from "./components/StatusFilter";
import {
  CategoryFilter,
  CityStateFilters,
  STATE_PATTERN,
  ZIP_INPUT,
  ZIP_PATTERN,
  ZipRadiusFilters,
} from "@/components/forms/FilterFields";

// Public job search (/job-search for anyone, /jobs/search signed in; spec §2 "Jobs", §5): a text
// search and collapsible filters (category from the quote categories, city, state, ZIP code,
// status), all in the URL; only non-empty filters are sent. A ZIP code searches around it
// (api.jobs.browse.list with zip + radius); otherwise a state (and city) lists that place's newest jobs
// through api.jobs.browse.searchByPlace's state/city indexes; otherwise api.jobs.browse.list. Only jobs open for
// bids show Apply (signed out: to /login).

/** searchByPlace returns at most this many (newest first). */
const PLACE_LIMIT = 100;

interface SearchFilters {
  q: string;
  category: string;
  status: string;
  city: string;
  state: string;
  zip: string;
  radius: number;
}

function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters: SearchFilters = useMemo(() => {
    const category = params.get("category") ?? "";
    const status = params.get("status") ?? "";
    const radius = Number(params.get("radius"));
    return {
      q: params.get("q") ?? "",
      category: QUOTE_CATEGORIES.some((c) => c.value === category) ? category : "",
      status: (JOB_STATUSES as readonly string[]).includes(status) ? status : "",
      city: params.get("city") ?? "",
      state: (params.get("state") ?? "").toUpperCase().slice(0, 2),
      zip: params.get("zip") ?? "",
      radius: radius >= 1 && radius <= MAX_RADIUS_MILES ? radius : DEFAULT_RADIUS_MILES,
    };
  }, [params]);
  const set = (changes: Partial<Record<keyof SearchFilters, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const text = (value ?? "").trim();
          if (text === "" || (key === "radius" && text === String(DEFAULT_RADIUS_MILES))) next.delete(key);
          else next.set(key, text);
        }
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

function useApplyActions() {
  const session = useSession();
  const viewer = session.status === "signedIn" ? session.viewer : null;
  return (job: JobCard): ReactNode => {
    const open = OPEN_STATUSES.includes(job.status as JobStatus);
    if (viewer === null) {
      return open ? (
        <ButtonLink to="/login" size="sm">
          Apply<span className="sr-only">: {job.title} (sign in first)</span>
        </ButtonLink>
      ) : null;
    }
    const canApply = open && viewer.userType === "professional" && job.customer._id !== viewer._id;
    return (
      <>
        <ButtonLink to={`/jobs/${job._id}`} variant="secondary" size="sm">
          View Details<span className="sr-only">: {job.title}</span>
        </ButtonLink>
        {canApply && (
          <ButtonLink to={`/jobs/${job._id}#bid`} size="sm">
            Apply<span className="sr-only">: {job.title}</span>
          </ButtonLink>
        )}
      </>
    );
  };
}

/** Newest jobs in a state (and city), through the state/city indexes; the text is matched here. */
function PlaceResults({ filters, signedIn }: { filters: SearchFilters; signedIn: boolean }) {
  // Cards render in React's background (time-sliced) pass: see src/lib/backgroundRender.ts.
  const rows = useDeferredValue(useQuery(api.jobs.browse.searchByPlace, {
    state: filters.state,
    ...(filters.city.trim() ? { city: filters.city.trim() } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    limit: PLACE_LIMIT,
  }));
  const words = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
  const jobs = useMemo(
    () => (rows ?? []).filter((j) => words.every((w) => `${j.title}\n${j.description}`.toLowerCase().includes(w))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, filters.q],
  );
  const ids = useMemo(() => jobs.map((j) => j._id), [jobs]);
  const saved = useSavedIds(ids, signedIn);
  const toggleSave = useToggleSave();
  const actions = useApplyActions();
  if (rows === undefined) return <JobListSkeleton />;
  const place = [filters.city.trim(), filters.state].filter(Boolean).join(", ");
  return (
    <div className="space-y-4">
      <p aria-live="polite" className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Showing {jobs.length} of {rows.length}
        {rows.length >= PLACE_LIMIT ? "+" : ""} jobs in {place}
      </p>
      {jobs.length === 0 ? (
        <EmptyState title={JobMessages.empty}>Try another city, a ZIP code, or fewer filters.</EmptyState>
      ) : (
        <ul className={jobGridClasses}>
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCardView
                job={job}
                actions={actions(job)}
                save={
                  signedIn ? (
                    <SaveButton saved={saved.has(job._id)} title={job.title} onToggle={() => toggleSave(job._id)} />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function JobSearchPage() {
  usePageTitle("Find Work");
  const session = useSession();
  const signedIn = session.status === "signedIn";
  const { filters, set } = useSearchFilters();
  const actions = useApplyActions();
  const [query, setQuery] = useState(filters.q);
  const [seenQ, setSeenQ] = useState(filters.q);
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    setQuery(filters.q);
  }
  // The ZIP box takes ZIP+4 too (spec: max length 10); the search uses the 5-digit code.
  const zip5 = filters.zip.slice(0, 5);
  const zipOk = ZIP_INPUT.test(filters.zip) && ZIP_PATTERN.test(zip5);
  const byPlace = !zipOk && STATE_PATTERN.test(filters.state);
  const browseArgs = useMemo(
    () => ({
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(zipOk ? { zip: zip5, radius: filters.radius } : {}),
    }),
    [filters, zipOk, zip5],
  );
  const activeCount = [filters.category, filters.status, filters.city, filters.state, filters.zip].filter(
    Boolean,
  ).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: query });
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Find Work</h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
          Search jobs posted by property owners across the US.
        </p>
      </header>

      <div className="space-y-3">
        <form
          role="search"
          aria-label="Search jobs"
          onSubmit={submit}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <TextField
            label="Search jobs"
            type="search"
            className="flex-1"
            placeholder="e.g. roof repair, water heater"
            value={query}
            maxLength={100}
            enterKeyHint="search"
            onChange={(e) => {
              setQuery(e.target.value);
              // Clearing the box shows every job again.
              if (e.target.value === "" && filters.q) set({ q: "" });
            }}
          />
          <Button type="submit" disabled={query.trim() === "" && filters.q === ""}>
            Search
          </Button>
        </form>

        <FiltersDisclosure active={activeCount}>
          <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900">
            <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <CategoryFilter
                options={QUOTE_CATEGORIES}
                value={filters.category}
                onChange={(category) => set({ category })}
              />
              <StatusFilter value={filters.status} onChange={(status) => set({ status })} />
              <CityStateFilters city={filters.city} state={filters.state} onChange={set} />
              <ZipRadiusFilters
                zip={filters.zip}
                radius={filters.radius}
                onChange={set}
                plus4
                aroundHint={STATE_PATTERN.test(filters.state)}
              />
            </div>
            {activeCount > 0 && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-4"
                onClick={() => set({ category: "", status: "", city: "", state: "", zip: "", radius: "" })}
              >
                Clear filters
              </Button>
            )}
          </div>
        </FiltersDisclosure>
      </div>

      <section aria-label="Results">
        <JobsErrorBoundary resetKey={JSON.stringify(filters)}>
          {byPlace ? (
            <PlaceResults filters={filters} signedIn={signedIn} />
          ) : (
            <BrowseResults
              args={browseArgs}
              actions={actions}
              canSave={signedIn}
              emptyHint="Try other words, another category, or fewer filters."
            />
          )}
        </JobsErrorBoundary>
      </section>
    </div>
  );
}
