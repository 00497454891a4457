import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { DEFAULT_RADIUS_MILES, MAX_RADIUS_MILES } from "@common/jobCatalog";
import { isProfessionCategory } from "@common/professions";
import { STATE_PATTERN, ZIP_INPUT } from "@/components/forms/FilterFields";

// The directory's search, filters and sort live in the URL query string (shareable; Back restores
// them; /profession pages link here with ?category=).

export const DIRECTORY_SORT_OPTIONS = [
  { value: "relevance", label: "Best match" },
  { value: "name", label: "Name (A–Z)" },
  { value: "rating", label: "Highest rated" },
  { value: "newest", label: "Newest members" },
  { value: "verified", label: "Verified first" },
  { value: "distance", label: "Nearest first" },
] as const;
export type DirectorySortChoice = (typeof DIRECTORY_SORT_OPTIONS)[number]["value"];

export const RATING_CHOICES = [2, 3, 4] as const;
/** First page of results; "Show more" adds as many, up to the server's 100. */
export const PAGE_SIZE = 24;
export const MAX_RESULTS = 100;

export interface DirectoryFilters {
  q: string;
  category: string;
  city: string;
  state: string;
  zip: string;
  radius: number;
  rating: number;
  verified: boolean;
  available: boolean;
  sort: DirectorySortChoice;
}

export type DirectoryKey = keyof DirectoryFilters;

export function useDirectoryFilters() {
  const [params, setParams] = useSearchParams();

  const filters: DirectoryFilters = useMemo(() => {
    const category = params.get("category") ?? "";
    const radius = Number(params.get("radius"));
    const rating = Number(params.get("rating"));
    const zip = params.get("zip") ?? "";
    const sort = params.get("sort") ?? "";
    const zipOk = ZIP_INPUT.test(zip);
    const q = params.get("q") ?? "";
    const hasText = q.trim() !== "";
    const known =
      DIRECTORY_SORT_OPTIONS.some((s) => s.value === sort) &&
      (sort !== "distance" || zipOk) &&
      (sort !== "relevance" || (hasText && !zipOk));
    return {
      q,
      category: isProfessionCategory(category) ? category : "",
      city: params.get("city") ?? "",
      state: (params.get("state") ?? "").toUpperCase().slice(0, 2),
      zip,
      radius: radius >= 1 && radius <= MAX_RADIUS_MILES ? radius : DEFAULT_RADIUS_MILES,
      rating: (RATING_CHOICES as readonly number[]).includes(rating) ? rating : 0,
      verified: params.get("verified") === "true",
      available: params.get("available") === "true",
      // A ZIP code lists the nearest first, a text search the best matches, unless another order is chosen.
      sort: known ? (sort as DirectorySortChoice) : zipOk ? "distance" : hasText ? "relevance" : "name",
    };
  }, [params]);

  /** Sets (or, with "" / false / a default, removes) query-string values, replacing the history entry. */
  const setFilters = useCallback(
    (changes: Partial<Record<DirectoryKey, string | number | boolean>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = typeof value === "string" ? value.trim() : String(value ?? "");
            const isDefault =
              text === "" ||
              text === "false" ||
              (key === "rating" && text === "0") ||
              (key === "radius" && text === String(DEFAULT_RADIUS_MILES));
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

  return { filters, setFilters };
}

/** professionals.search's arguments: only the filters that are set and valid. */
export function searchArgs(filters: DirectoryFilters, limit: number) {
  const zipOk = ZIP_INPUT.test(filters.zip);
  const stateOk = STATE_PATTERN.test(filters.state);
  const city = filters.city.trim();
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(zipOk ? { zipCode: filters.zip, radius: filters.radius } : {}),
    // A ZIP code is the place; otherwise a state, and a city within it.
    ...(!zipOk && stateOk ? { state: filters.state, ...(city ? { city } : {}) } : {}),
    ...(filters.rating ? { minRating: filters.rating } : {}),
    ...(filters.verified ? { verified: true } : {}),
    ...(filters.available ? { available: true } : {}),
    // "Nearest first" and "Best match" are the ZIP and text searches' own orders (no sortBy).
    ...(filters.sort !== "distance" && filters.sort !== "relevance" ? { sortBy: filters.sort } : {}),
    limit,
  };
}

/** The sort choices that apply: "Best match" with text (and no ZIP), "Nearest first" with a ZIP. */
export function sortChoices(filters: DirectoryFilters) {
  const zipOk = ZIP_INPUT.test(filters.zip);
  return DIRECTORY_SORT_OPTIONS.filter(
    (s) => (s.value !== "distance" || zipOk) && (s.value !== "relevance" || (filters.q.trim() !== "" && !zipOk)),
  );
}

/** How many filters (not the text or the sort) are on. */
export function activeFilterCount(filters: DirectoryFilters): number {
  return [
    filters.category,
    filters.city,
    filters.state,
    filters.zip,
    filters.rating > 0,
    filters.verified,
    filters.available,
  ].filter(Boolean).length;
}
