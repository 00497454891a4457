import { JOB_CATEGORIES, JOB_SORTS } from "@common/jobCatalog";
import { CategoryFilter, ZipRadiusFilters } from "@/components/forms/FilterFields";
import { Button, FiltersDisclosure, Select, TextField } from "@/components/ui";
import { useDebouncedParam } from "@/lib/useDebouncedValue";
import { type FilterKey, type JobFilters } from "../hooks/useJobFilters";
import { StatusFilter } from "./StatusFilter";

const sortOptions = JOB_SORTS.map((s) => ({ value: s.value, label: s.label }));

export function BrowseFilters({
  filters,
  setFilters,
}: {
  filters: JobFilters;
  setFilters: (changes: Partial<Record<FilterKey, string | number>>) => void;
}) {
  const search = useDebouncedParam(filters.q, (q) => setFilters({ q }));
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
          <CategoryFilter
            options={JOB_CATEGORIES}
            value={filters.category}
            onChange={(category) => setFilters({ category })}
          />
          <StatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
          <ZipRadiusFilters zip={filters.zip} radius={filters.radius} onChange={setFilters} />
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
