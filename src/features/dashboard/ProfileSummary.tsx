import { categoryLabel, professionLabel } from "@common/professions";
import type { Viewer } from "@/app/session";
import { Card } from "@/components/ui";

function location(viewer: Viewer): string | null {
  const cityState = [viewer.city, viewer.state].filter(Boolean).join(", ");
  const text = [cityState, viewer.zipCode].filter(Boolean).join(" ");
  return text || null;
}

/** The account's own details, as stored (no sample data). */
export function ProfileSummary({ viewer, showProfessional }: { viewer: Viewer; showProfessional: boolean }) {
  const rows: [string, string][] = [
    ["Name", `${viewer.firstName} ${viewer.lastName}`.trim()],
    ["Email", viewer.email],
  ];
  const place = location(viewer);
  if (place) rows.push(["Location", place]);
  if (showProfessional) {
    if (viewer.businessName) rows.push(["Business", viewer.businessName]);
    if (viewer.professions.length > 0) rows.push(["Professions", viewer.professions.map(professionLabel).join(", ")]);
    if (viewer.professionalCategories.length > 0) {
      rows.push(["Categories", viewer.professionalCategories.map(categoryLabel).join(", ")]);
    }
  }
  return (
    <Card as="section" aria-labelledby="account-summary-heading">
      <h2 id="account-summary-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Your account
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
