import { useFormContext } from "react-hook-form";
import { Select, TextField } from "@/components/ui";
import { US_STATES } from "@/lib/usStates";

// Where someone (or some work) is: one section for every form that asks. Profiles and quote
// requests ask for city, state, ZIP code (and county); a posted project takes its place as one
// "City, state" line and a ZIP code. It reads the surrounding react-hook-form through
// useFormContext, so the form's own schema decides what is valid; the field names are these.

export interface PlaceValues {
  city: string;
  state: string;
  zipCode: string;
  county?: string;
  location?: string;
}

type PlaceField = keyof PlaceValues;

export function PlaceFields({
  county = true,
  state = "select",
  line = false,
  required = false,
  maxLength = 60,
}: {
  /** Ask for the county too (profiles do; a job's place does not). */
  county?: boolean;
  /** A list of the states, or a two-letter code box. */
  state?: "select" | "code";
  /** One "Location" line ("City, state", field `location`) in place of city and state. */
  line?: boolean;
  /** Every field, or only the ones named (a scrap listing needs a ZIP code, the rest may be empty). */
  required?: boolean | readonly PlaceField[];
  /** Longest city, county or location line the schema takes. */
  maxLength?: number;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PlaceValues>();
  const needs = (field: PlaceField) => required === true || (Array.isArray(required) && required.includes(field));
  const zip = (
    <TextField
      label="ZIP code"
      required={needs("zipCode")}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={10}
      error={errors.zipCode?.message}
      {...register("zipCode")}
    />
  );
  if (line) {
    return (
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Location"
          required={needs("location")}
          maxLength={maxLength}
          placeholder="City, state"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register("location")}
        />
        {zip}
      </div>
    );
  }
  return (
    <div className={county ? "grid gap-5 sm:grid-cols-2" : "grid gap-5 sm:grid-cols-[minmax(0,1fr)_6rem_9rem]"}>
      <TextField
        label="City"
        required={needs("city")}
        maxLength={maxLength}
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register("city")}
      />
      {state === "select" ? (
        <Select
          label="State"
          required={needs("state")}
          autoComplete="address-level1"
          placeholder="Select a state"
          options={US_STATES}
          error={errors.state?.message}
          {...register("state")}
        />
      ) : (
        <TextField
          label="State"
          required={needs("state")}
          maxLength={2}
          autoComplete="address-level1"
          autoCapitalize="characters"
          placeholder="TX"
          className="[&_input]:uppercase"
          error={errors.state?.message}
          {...register("state")}
        />
      )}
      {zip}
      {county && (
        <TextField
          label="County"
          required={needs("county")}
          maxLength={maxLength}
          error={errors.county?.message}
          {...register("county")}
        />
      )}
    </div>
  );
}
