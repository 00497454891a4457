import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import {
  DEFAULT_RADIUS_MILES,
  isJobCategory,
  JOB_SORTS,
  JOB_STATUSES,
  MAX_RADIUS_MILES,
  type JobSort,
} from "@common/jobCatalog";
import { ZIP_PATTERN } from "@/components/forms/FilterFields";

// The job browser's filters live in the URL query string (shareable, Back restores them).

export interface JobFilters {
  q: string;
  category: string;
  status: string;
  sort: JobSort;
  zip: string;
  radius: number;
}

export type FilterKey = keyof JobFilters | "tab";

export function useJobFilters() {
  const [params, setParams] = useSearchParams();

  const filters: JobFilters = useMemo(() => {
    const category = params.get("category") ?? "";
    const status = params.get("status") ?? "";
    const sort = params.get("sort") ?? "recent";
    const radius = Number(params.get("radius"));
    return {
      q: params.get("q") ?? "",
      category: isJobCategory(category) ? category : "",
      status: (JOB_STATUSES as readonly string[]).includes(status) ? status : "",
      sort: JOB_SORTS.some((s) => s.value === sort) ? (sort as JobSort) : "recent",
      zip: params.get("zip") ?? "",
      radius: radius >= 1 && radius <= MAX_RADIUS_MILES ? radius : DEFAULT_RADIUS_MILES,
    };
  }, [params]);

  /** Sets (or, with "" / a default, removes) query-string values, replacing the history entry. */
  const setFilters = useCallback(
    (changes: Partial<Record<FilterKey, string | number>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = String(value ?? "");
            const isDefault =
              text === "" ||
              (key === "sort" && text === "recent") ||
              (key === "radius" && text === String(DEFAULT_RADIUS_MILES)) ||
              (key === "tab" && text === "browse");
            if (isDefault) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, setFilters, params };
}

/** The browse query's arguments: only filters that are set; a ZIP code only once it is 5 digits. */
export function browseArgs(filters: JobFilters) {
  const zip = ZIP_PATTERN.test(filters.zip) ? filters.zip : undefined;
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    sort: filters.sort,
    ...(zip ? { zip, radius: filters.radius } : {}),
  };
}
