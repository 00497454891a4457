import { JobMessages } from "@common/jobCatalog";
import { Select, TextField, type SelectOption } from "@/components/ui";
import { useDebouncedParam } from "@/lib/useDebouncedValue";

// The place filters of the list pages (jobs, job search, the directory): city and state, and a
// ZIP code with a distance around it. The values live in the URL: a text box applies what is typed
// once typing pauses (and only when it is valid), a list applies at once.

export const RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;
export const STATE_PATTERN = /^[A-Z]{2}$/;
/** A 5-digit ZIP code. */
export const ZIP_PATTERN = /^\d{5}$/;
/** A ZIP code or ZIP+4 (spec: max length 10). */
export const ZIP_INPUT = /^\d{5}(-\d{4})?$/;

const radiusOptions = RADIUS_CHOICES.map((r) => ({ value: String(r), label: `Within ${r} miles` }));
const STATE_INVALID = "Use the 2-letter state code, e.g. TX";

/** "Category", from the page's own list ("" is every category). */
export function CategoryFilter({
  options,
  value,
  onChange,
}: {
  options: readonly SelectOption[];
  value: string;
  onChange: (category: string) => void;
}) {
  return (
    <Select
      label="Category"
      placeholder="All categories"
      options={options}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** "City" and "State" boxes; the city is used with a state. */
export function CityStateFilters({
  city,
  state,
  onChange,
}: {
  city: string;
  state: string;
  onChange: (changes: { city?: string; state?: string }) => void;
}) {
  const cityBox = useDebouncedParam(city, (v) => onChange({ city: v }));
  const stateBox = useDebouncedParam(
    state,
    (v) => onChange({ state: v.toUpperCase() }),
    (v) => v === "" || STATE_PATTERN.test(v.toUpperCase()),
  );
  const typed = stateBox.debounced.trim();
  return (
    <>
      <TextField
        label="City"
        autoComplete="address-level2"
        maxLength={60}
        value={cityBox.text}
        onChange={(e) => cityBox.setText(e.target.value)}
        hint={STATE_PATTERN.test(state) ? undefined : "Used with a state"}
      />
      <TextField
        label="State"
        autoComplete="address-level1"
        maxLength={2}
        placeholder="e.g. TX"
        value={stateBox.text}
        onChange={(e) => stateBox.setText(e.target.value.toUpperCase().replace(/[^A-Z]/g, ""))}
        error={typed !== "" && !STATE_PATTERN.test(typed) ? STATE_INVALID : undefined}
      />
    </>
  );
}

/**
 * "ZIP code" and "Distance from ZIP" (on once the ZIP code is valid). `plus4` takes ZIP+4 too;
 * `aroundHint` says that the ZIP code is searched instead of the city and state.
 */
export function ZipRadiusFilters({
  zip,
  radius,
  onChange,
  plus4 = false,
  aroundHint = false,
}: {
  zip: string;
  radius: number;
  onChange: (changes: { zip?: string; radius?: string }) => void;
  plus4?: boolean;
  aroundHint?: boolean;
}) {
  const pattern = plus4 ? ZIP_INPUT : ZIP_PATTERN;
  const zipBox = useDebouncedParam(
    zip,
    (v) => onChange({ zip: v }),
    (v) => v === "" || pattern.test(v),
  );
  const typed = zipBox.debounced.trim();
  const zipOk = pattern.test(zip);
  return (
    <>
      <TextField
        label="ZIP code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={plus4 ? 10 : 5}
        placeholder="e.g. 78701"
        value={zipBox.text}
        onChange={(e) => zipBox.setText(e.target.value.replace(plus4 ? /[^\d-]/g : /\D/g, ""))}
        error={typed !== "" && !pattern.test(typed) ? JobMessages.zipInvalid : undefined}
        hint={aroundHint && zipOk ? "A ZIP code searches around it instead of the city and state." : undefined}
      />
      <Select
        label="Distance from ZIP"
        options={radiusOptions}
        value={String(radius)}
        disabled={!zipOk}
        onChange={(e) => onChange({ radius: e.target.value })}
      />
    </>
  );
}
