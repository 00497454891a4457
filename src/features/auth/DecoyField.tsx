import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * Bot trap: a field named "website" that people never see or reach. Bots that fill
 * every input fill it too, and the server then quietly refuses the request.
 */
export function DecoyField({ registration }: { registration: UseFormRegisterReturn<"website"> }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor="website-decoy">Website</label>
      <input id="website-decoy" type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
