import { useQuery } from "convex/react";
import { api } from "@/lib/api";

/**
 * The About tab's credential lines (issue 16): what Rafter checked and until when, e.g. "Licence
 * checked, valid until Mar 2027". Live: a lapse or an approval shows at once. Never the document.
 */
export function CheckedCredentials({ userId }: { userId: string }) {
  const lines = useQuery(api.credentials.checked, { userId });
  if (lines === undefined) return <span className="text-slate-600 dark:text-slate-300">Loading...</span>;
  if (lines.length === 0) return <span className="text-slate-600 dark:text-slate-300">None checked yet</span>;
  return (
    <ul className="space-y-1">
      {lines.map((l) => (
        <li key={l.line}>{l.line}</li>
      ))}
    </ul>
  );
}
