import { JOB_CATEGORIES, JOB_SORTS, JOB_STATUSES, JobMessages } from "@common/jobs";
import { Button, FiltersDisclosure, Select, TextField } from "@/components/ui";
import { capitalize, statusLabel } from "../format";
import { useDebouncedParam } from "@/lib/useDebouncedValue";
import { RADIUS_CHOICES, ZIP_PATTERN, type FilterKey, type JobFilters } from "../hooks/useJobFilters";

const categoryOptions = [
  { value: "", label: "All categories" },
  ...JOB_CATEGORIES.map((c) => ({ value: c.value, label: c.label })),
];
const statusOptions = [
  { value: "", label: "All statuses" },
  ...JOB_STATUSES.map((s) => ({ value: s, label: capitalize(statusLabel(s)) })),
];
const sortOptions = JOB_SORTS.map((s) => ({ value: s.value, label: s.label }));
const radiusOptions = RADIUS_CHOICES.map((r) => ({ value: String(r), label: `Within ${r} miles` }));

export function BrowseFilters({
  filters,
  setFilters,
}: {
  filters: JobFilters;
  setFilters: (changes: Partial<Record<FilterKey, string | number>>) => void;
}) {
  const search = useDebouncedParam(filters.q, (q) => setFilters({ q }));
  const zip = useDebouncedParam(
    filters.zip,
    (z) => setFilters({ zip: z }),
    (z) => z === "" || ZIP_PATTERN.test(z),
  );
  const zipError =
    zip.debounced.trim() !== "" && !ZIP_PATTERN.test(zip.debounced.trim()) ? JobMessages.zipInvalid : undefined;
  const anySet = filters.q || filters.category || filters.status || filters.zip || filters.sort !== "recent";
  // What the Filters button counts (the search box stays outside it).
  const active = [filters.category, filters.status, filters.zip, filters.sort !== "recent"].filter(Boolean).length;

  return (
    <form role="search" aria-label="Filter jobs" onSubmit={(e) => e.preventDefault()} className="space-y-4">
      <TextField
        label="Search jobs"
        type="search"
        placeholder="Search titles and descriptions"
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        maxLength={100}
        enterKeyHint="search"
      />
      {/* On a phone the filters fold behind one button, so the first jobs show in the first screen. */}
      <FiltersDisclosure active={active} narrowOnly>
        <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Select
            label="Category"
            options={categoryOptions}
            value={filters.category}
            onChange={(e) => setFilters({ category: e.target.value })}
          />
          <Select
            label="Status"
            options={statusOptions}
            value={filters.status}
            onChange={(e) => setFilters({ status: e.target.value })}
          />
          <TextField
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            placeholder="e.g. 78701"
            value={zip.text}
            onChange={(e) => zip.setText(e.target.value.replace(/\D/g, ""))}
            error={zipError}
          />
          <Select
            label="Distance from ZIP"
            options={radiusOptions}
            value={String(filters.radius)}
            disabled={!ZIP_PATTERN.test(filters.zip)}
            onChange={(e) => setFilters({ radius: e.target.value })}
          />
          <Select
            label="Sort by"
            options={sortOptions}
            value={filters.sort}
            onChange={(e) => setFilters({ sort: e.target.value })}
          />
        </div>
      </FiltersDisclosure>
      {anySet && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setFilters({ q: "", category: "", status: "", zip: "", radius: "", sort: "" })}
        >
          Clear filters
        </Button>
      )}
    </form>
  );
}
