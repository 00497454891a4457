import type { FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import { categoryLabel, professionLabel } from "@common/professions";
import { Avatar } from "@/components/ui/Avatar";
import { ButtonLink, cardClasses } from "@/components/ui";
import type { api } from "@/lib/api";
import { cn } from "@/lib/cn";

export type DirectoryProfessional = FunctionReturnType<typeof api.professionals.search>["professionals"][number];

// One professional in the directory (spec §2 "Professional directory", §9: 2 categories and 3
// specialties, each with "+N more").

export const CARD_CATEGORIES = 2;
export const CARD_SPECIALTIES = 3;

const muted = "text-slate-600 dark:text-slate-300";

export function chipClasses(tone: "brand" | "plain" = "plain") {
  return cn(
    "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
    tone === "brand"
      ? "bg-brand-50 text-brand-900 ring-1 ring-brand-200 ring-inset dark:bg-brand-950 dark:text-brand-100 dark:ring-brand-800"
      : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  );
}

/** The first `max` items as chips, then "+N more" (the hidden ones are in its accessible name). */
export function ChipList({
  items,
  max,
  label,
  tone,
}: {
  items: string[];
  max: number;
  label: string;
  tone?: "brand" | "plain";
}) {
  if (items.length === 0) return null;
  const shown = items.slice(0, max);
  const rest = items.slice(max);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((item) => (
        <li key={item} className={chipClasses(tone)}>
          {item}
        </li>
      ))}
      {rest.length > 0 && (
        <li className={cn("inline-flex items-center px-1 text-xs font-semibold", muted)} title={rest.join(", ")}>
          +{rest.length} more<span className="sr-only">: {rest.join(", ")}</span>
        </li>
      )}
    </ul>
  );
}

export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-brand-300 dark:text-brand-950">
      <svg viewBox="0 0 20 20" className="size-3.5" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      Verified
    </span>
  );
}

export function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        available
          ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100"
          : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          available ? "bg-green-700 dark:bg-green-400" : "bg-amber-700 dark:bg-amber-400",
        )}
      />
      {available ? "Available" : "Busy"}
    </span>
  );
}

export function RatingLine({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <p className="flex items-center gap-1 text-sm text-slate-800 dark:text-slate-200">
      <svg
        viewBox="0 0 20 20"
        className="size-4 text-amber-600 dark:text-amber-400"
        fill="currentColor"
        aria-hidden="true"
      >
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
      </svg>
      <span>
        <span className="sr-only">Rating </span>
        {rating.toFixed(1)}
      </span>
      <span className={muted}>
        ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </p>
  );
}

/** The person's display heading: business name, else their name. */
export function headingOf(p: { firstName: string; lastName: string; businessName: string | null }) {
  const fullName = `${p.firstName} ${p.lastName}`.trim();
  return { heading: p.businessName || fullName || "Professional", fullName };
}

export function ProfessionalCard({ pro, actions }: { pro: DirectoryProfessional; actions: ReactNode }) {
  const { heading, fullName } = headingOf(pro);
  const categories = pro.professionalCategories.map(categoryLabel);
  // Their own specialties; without any, the professions they offer.
  const specialties = pro.specialties.length > 0 ? pro.specialties : pro.professions.map(professionLabel);
  const place = [pro.city, pro.state].filter(Boolean).join(", ");
  const headingId = `pro-${pro._id}`;
  return (
    <article aria-labelledby={headingId} className={cn(cardClasses, "flex h-full flex-col gap-3 p-4 sm:p-5")}>
      <div className="flex items-start gap-3">
        <Avatar
          firstName={pro.firstName}
          lastName={pro.lastName}
          name={heading}
          image={pro.profileImageUrl}
          className="size-12 text-base"
        />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold break-words text-slate-900 dark:text-white">
            {heading}
          </h3>
          <p className={cn("text-sm break-words", muted)}>
            {[
              fullName !== heading ? fullName : null,
              pro.primaryProfession ? professionLabel(pro.primaryProfession) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <RatingLine rating={pro.rating} reviewCount={pro.reviewCount} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {pro.verified && <VerifiedBadge />}
        <AvailabilityBadge available={pro.available} />
        {place && (
          <span className={cn("inline-flex items-center gap-1 text-sm", muted)}>
            <svg
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z" />
              <circle cx="12" cy="10" r="2.5" />
            </svg>
            <span className="sr-only">Location: </span>
            {place}
            {pro.distanceMiles !== null && <span> · {pro.distanceMiles.toFixed(1)} mi</span>}
          </span>
        )}
      </div>
      <ChipList items={categories} max={CARD_CATEGORIES} label="Categories" tone="brand" />
      <ChipList items={specialties} max={CARD_SPECIALTIES} label="Specialties" />
      {pro.bio && <p className={cn("line-clamp-2 text-sm break-words", muted)}>{pro.bio}</p>}
      <div className="mt-auto grid grid-cols-2 gap-2 pt-1">{actions}</div>
    </article>
  );
}

export function ProfessionalActions({
  pro,
  signedIn,
  isSelf,
}: {
  pro: DirectoryProfessional;
  signedIn: boolean;
  isSelf: boolean;
}) {
  const { heading } = headingOf(pro);
  return (
    <>
      <ButtonLink to={`/profile/${pro._id}`} variant="secondary" size="sm">
        View Profile<span className="sr-only"> of {heading}</span>
      </ButtonLink>
      {isSelf ? null : signedIn ? (
        <ButtonLink to={`/messages/${pro._id}`} size="sm">
          Message<span className="sr-only"> {heading}</span>
        </ButtonLink>
      ) : (
        <ButtonLink to="/login" size="sm">
          Sign In<span className="sr-only"> to message {heading}</span>
        </ButtonLink>
      )}
    </>
  );
}
