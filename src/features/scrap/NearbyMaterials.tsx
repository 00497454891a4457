import { useQuery } from "convex/react";
import { ScrapCopy } from "@common/scrap";
import { ButtonLink, EmptyState } from "@/components/ui";
import { api } from "@/lib/api";
import { ScrapCardView, ScrapListSkeleton, scrapGridClasses } from "./ScrapCardView";

/** The customer dashboard's Scrap & Free tab: the nearest open listings (live) and Browse Materials. */
export function NearbyMaterials() {
  const data = useQuery(api.scrap.nearby, { limit: 6 });
  return (
    <section aria-labelledby="nearby-materials" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="nearby-materials" className="text-lg font-semibold text-slate-900 dark:text-white">
            Scrap &amp; free materials
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {data === undefined || data.near
              ? "Leftover materials listed near you, nearest first."
              : data.located
                ? "Nothing listed near you yet. The newest listings:"
                : "The newest listings (add your ZIP code to your profile to see the nearest first)."}
          </p>
        </div>
        <ButtonLink to="/scrap" variant="secondary" className="self-start sm:self-auto">
          Browse Materials
        </ButtonLink>
      </div>
      {data === undefined ? (
        <ScrapListSkeleton count={3} />
      ) : data.listings.length === 0 ? (
        <EmptyState title={ScrapCopy.empty}>Nothing listed yet. Check back soon, or list your own leftovers.</EmptyState>
      ) : (
        <ul className={scrapGridClasses} aria-label="Materials near you">
          {data.listings.map((card) => (
            <li key={card._id}>
              <ScrapCardView card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
