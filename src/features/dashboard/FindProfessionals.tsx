import { useQuery } from "convex/react";
import { useEffect, useId, useState } from "react";
import { NEARBY_PROS_MILES } from "@common/jobCatalog";
import { professionLabel } from "@common/professions";
import { ButtonLink, cardClasses, EmptyState, labelClasses, ListSkeleton, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { Badge, DashIcon, headingText, ListErrorBoundary, mutedText } from "./parts";

// Find Professionals (customer dashboard): professionals within NEARBY_PROS_MILES of the viewer,
// nearest first; the search box is applied on the server (dashboard.nearbyProfessionals).

const LIMIT = 12;
const SEARCH_DELAY_MS = 300;

export function FindProfessionals({ hasZip }: { hasZip: boolean }) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const inputId = useId();

  // Search as the user types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="space-y-4">
      <h2 className="sr-only">Find Professionals</h2>
      <form
        role="search"
        aria-label="Nearby professionals"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
        }}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={inputId} className={labelClasses}>
            Search professionals
          </label>
          <div className="relative">
            <DashIcon
              name="search"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 dark:text-slate-400"
            />
            <input
              id={inputId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Name, business or trade, e.g. plumber"
              className="block w-full rounded-md border border-slate-500 bg-white py-2 pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
            />
          </div>
        </div>
        <ButtonLink to="/professionals/search" variant="secondary">
          Filters
        </ButtonLink>
      </form>
      <ListErrorBoundary
        title="Unable to Load Professionals"
        message="There was an error loading professionals. Please try again."
      >
        <ProfessionalList q={q} hasZip={hasZip} />
      </ListErrorBoundary>
    </div>
  );
}

function initials(first: string, last: string, fallback: string): string {
  const letters = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return letters || fallback.charAt(0).toUpperCase() || "?";
}

function ProfessionalList({ q, hasZip }: { q: string; hasZip: boolean }) {
  const pros = useQuery(api.dashboard.nearbyProfessionals, hasZip ? { q: q || undefined, limit: LIMIT } : "skip");

  if (!hasZip) {
    return (
      <EmptyState title="No professionals found">
        <p>
          <TextLink to="/edit-profile">Add your ZIP code</TextLink> to see professionals within {NEARBY_PROS_MILES}{" "}
          miles of you.
        </p>
      </EmptyState>
    );
  }
  if (pros === undefined) return <ListSkeleton label="Loading professionals" />;
  if (pros.length === 0) {
    return (
      <EmptyState title="No professionals found">
        <p>
          {q
            ? `Nobody within ${NEARBY_PROS_MILES} miles matches "${q}". Try other words, or use the filters.`
            : `There are no professionals within ${NEARBY_PROS_MILES} miles of you yet.`}
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className={cn("text-sm", mutedText)} aria-live="polite">
        {pros.length === LIMIT ? `The ${LIMIT} nearest matches` : `${pros.length} found`} within {NEARBY_PROS_MILES}{" "}
        miles
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {pros.map((pro) => {
          const fullName = `${pro.firstName} ${pro.lastName}`.trim();
          const profession = pro.primaryProfession ? professionLabel(pro.primaryProfession) : null;
          const heading = pro.businessName ?? profession ?? fullName;
          const headingId = `pro-${pro._id}`;
          return (
            <li key={pro._id} className={cn(cardClasses, "flex flex-col gap-3 p-4")}>
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                >
                  {initials(pro.firstName, pro.lastName, heading)}
                </span>
                <div className="min-w-0">
                  <h3 id={headingId} className={cn("font-semibold break-words", headingText)}>
                    {heading}
                  </h3>
                  <p className={cn("text-sm break-words", mutedText)}>
                    {[fullName !== heading ? fullName : null, pro.businessName ? profession : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <p className="mt-1 flex items-center gap-1 text-sm text-slate-800 dark:text-slate-200">
                    <DashIcon name="star" className="size-4 text-amber-600 dark:text-amber-400" />
                    <span>
                      <span className="sr-only">Rating </span>
                      {pro.rating.toFixed(1)}
                    </span>
                    <span className={mutedText}>
                      ({pro.reviewCount} {pro.reviewCount === 1 ? "review" : "reviews"})
                    </span>
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {pro.verified && (
                  <Badge className="bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100">Verified</Badge>
                )}
                <Badge
                  className={
                    pro.available
                      ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
                      : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                  }
                >
                  {pro.available ? "Available" : "Busy"}
                </Badge>
                <span className={cn("flex items-center gap-1 text-sm", mutedText)}>
                  <DashIcon name="pin" className="size-4" />
                  {pro.distanceMiles.toFixed(1)} mi away
                </span>
              </div>
              <p className={cn("line-clamp-3 text-sm break-words", mutedText)}>
                {pro.bio || "Professional property services"}
              </p>
              <div className="mt-auto grid grid-cols-2 gap-2">
                <ButtonLink to={`/messages?user=${pro._id}`} variant="secondary" size="sm">
                  Contact<span className="sr-only"> {heading}</span>
                </ButtonLink>
                <ButtonLink to={`/profile/${pro._id}`} size="sm">
                  View Profile<span className="sr-only"> of {heading}</span>
                </ButtonLink>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
