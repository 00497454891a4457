import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { postedAgeLabel } from "@common/jobCatalog";
import { scrapCategoryLabel, type ScrapCategory } from "@common/scrap";
import { cardClasses, ListSkeleton } from "@/components/ui";
import { cn } from "@/lib/cn";
import { categoryChip, chipBase, milesText, pickupByText, placeText, statusChip, statusText, type ScrapCard } from "./format";

/** Listing cards: one column on phones, two from sm, three from lg. */
export const scrapGridClasses = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function ScrapListSkeleton({ count }: { count?: number }) {
  return <ListSkeleton shape="media" label="Loading listings..." count={count} listClassName={scrapGridClasses} />;
}

export function CategoryChip({ category }: { category: string }) {
  return (
    <span className={cn(chipBase, categoryChip[category as ScrapCategory] ?? categoryChip.metal)}>
      <span className="sr-only">Category: </span>
      {scrapCategoryLabel(category)}
    </span>
  );
}

export function StatusChip({ card }: { card: Pick<ScrapCard, "status" | "holdUntil"> }) {
  return (
    <span className={cn(chipBase, statusChip[card.status])}>
      <span className="sr-only">Status: </span>
      {card.status === "on_hold" && card.holdUntil !== null
        ? `On hold, pickup by ${pickupByText(card.holdUntil)}`
        : statusText(card.status)}
    </span>
  );
}

function PhotoPlaceholder() {
  return (
    <div className="flex h-full w-full items-center justify-center bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-10">
        <path d="M3 7l9-4 9 4-9 4-9-4z" />
        <path d="M3 7v10l9 4 9-4V7" />
        <path d="M12 11v10" />
      </svg>
    </div>
  );
}

/** One listing in a grid: photo, title, category chip, Free or price, place, posted age, status. */
export function ScrapCardView({ card, footer }: { card: ScrapCard; footer?: ReactNode }) {
  const distance = milesText(card.distanceMiles);
  return (
    <article
      aria-labelledby={`scrap-${card._id}-title`}
      className={cn(cardClasses, "flex h-full flex-col overflow-hidden")}
    >
      <div className="aspect-[4/3] w-full overflow-hidden">
        {card.photoUrl ? (
          <img src={card.photoUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <PhotoPlaceholder />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryChip category={card.category} />
          <StatusChip card={card} />
        </div>
        <h3 id={`scrap-${card._id}-title`} className="text-lg leading-snug font-semibold text-slate-900 dark:text-white">
          <Link
            to={`/scrap/${card._id}`}
            className="rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {card.title}
          </Link>
        </h3>
        <p className="text-base font-semibold text-brand-800 dark:text-brand-200">{card.price}</p>
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {placeText(card)}
          {distance && <span className="text-slate-600 dark:text-slate-300"> · {distance}</span>}
        </p>
        <p className="mt-auto text-sm text-slate-600 dark:text-slate-300">
          <span className="sr-only">Posted </span>
          {postedAgeLabel(card._creationTime)}
          {card.quantity ? ` · ${card.quantity}` : ""}
        </p>
        {footer}
      </div>
    </article>
  );
}
