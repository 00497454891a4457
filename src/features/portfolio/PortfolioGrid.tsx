import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { PORTFOLIO_CATEGORIES, ProfileCopy } from "@common/profile";
import { ActionButton, Button, cardClasses, ListSkeleton, useToast } from "@/components/ui";

const noop = async () => undefined;
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { dayText } from "@/features/jobs/format";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useErrorToast } from "@/lib/useErrorToast";

// The portfolio grid (spec §2 Portfolio): image or video (with controls), Featured badge, title,
// category, description, location, completion date, up to 3 tags plus '+N', and Delete for the owner.

export type PortfolioItem = FunctionReturnType<typeof api.portfolio.list>[number];

export const PORTFOLIO_LOAD_FAILED = "Failed to fetch portfolio";
const MAX_TAGS = 3;

export function portfolioCategoryLabel(value: string): string {
  return PORTFOLIO_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

const gridClasses = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** Pro Profile's gallery order: move the item at `index` one place earlier (-1) or later (1). */
export type MoveItem = (index: number, delta: -1 | 1) => Promise<void>;

export function PortfolioGrid({
  items,
  canDelete = false,
  onMove,
}: {
  items: readonly PortfolioItem[];
  canDelete?: boolean;
  onMove?: MoveItem;
}) {
  return (
    <ul className={gridClasses}>
      {items.map((item, index) => (
        <li key={item._id}>
          <PortfolioCard
            item={item}
            canDelete={canDelete}
            move={
              onMove && {
                earlier: index > 0 ? () => onMove(index, -1) : undefined,
                later: index < items.length - 1 ? () => onMove(index, 1) : undefined,
              }
            }
          />
        </li>
      ))}
    </ul>
  );
}

function PortfolioCard({
  item,
  canDelete,
  move,
}: {
  item: PortfolioItem;
  canDelete: boolean;
  move?: { earlier?: () => Promise<void>; later?: () => Promise<void> };
}) {
  const remove = useMutation(api.portfolio.remove);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [confirming, setConfirming] = useState(false);
  const extraTags = item.tags.length - MAX_TAGS;

  const onDelete = async () => {
    try {
      await remove({ id: item._id });
      toast({ title: ProfileCopy.portfolioDeleted, variant: "success" });
    } catch (error) {
      reportError(error, { title: "Error", description: "Failed to delete the item. Please try again." });
    }
  };

  return (
    <article className={cn(cardClasses, "flex h-full flex-col overflow-hidden")} aria-label={item.title}>
      <div className="relative aspect-[4/3] bg-slate-200 dark:bg-slate-800">
        {item.url === null ? (
          <div className="flex h-full items-center justify-center text-sm text-slate-600 dark:text-slate-300">
            File unavailable
          </div>
        ) : item.type === "video" ? (
          <video
            src={item.url}
            controls
            preload="metadata"
            aria-label={item.title}
            className="h-full w-full bg-black object-contain"
          />
        ) : (
          <img src={item.url} alt={item.title} loading="lazy" className="h-full w-full object-cover" />
        )}
        {item.featured && (
          <span className="absolute top-2 left-2 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-950 shadow ring-1 ring-amber-700">
            Featured
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div>
          <h3 className="text-lg font-semibold break-words text-slate-900 dark:text-white">{item.title}</h3>
          <p className="text-sm font-medium text-brand-800 dark:text-brand-200">
            {portfolioCategoryLabel(item.category)}
          </p>
        </div>
        {item.description && (
          <p className="line-clamp-3 text-sm break-words text-slate-700 dark:text-slate-200">{item.description}</p>
        )}
        {(item.location || item.dateCompleted) && (
          <dl className="space-y-0.5 text-sm text-slate-600 dark:text-slate-300">
            {item.location && (
              <div className="flex gap-1">
                <dt className="sr-only">Location</dt>
                <dd>{item.location}</dd>
              </div>
            )}
            {item.dateCompleted && (
              <div className="flex gap-1">
                <dt>Completed</dt>
                <dd>{dayText(item.dateCompleted)}</dd>
              </div>
            )}
          </dl>
        )}
        {item.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {item.tags.slice(0, MAX_TAGS).map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100"
              >
                {tag}
              </li>
            ))}
            {extraTags > 0 && (
              <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                +{extraTags}
                <span className="sr-only"> more tag{extraTags === 1 ? "" : "s"}</span>
              </li>
            )}
          </ul>
        )}
        {(canDelete || move) && (
          <div className="mt-auto flex flex-wrap items-center gap-x-2 pt-2">
            {move && (
              <>
                <ActionButton
                  variant="ghost"
                  size="sm"
                  disabled={!move.earlier}
                  busyLabel="Moving…"
                  onRun={move.earlier ?? noop}
                >
                  Move earlier<span className="sr-only">: {item.title}</span>
                </ActionButton>
                <ActionButton
                  variant="ghost"
                  size="sm"
                  disabled={!move.later}
                  busyLabel="Moving…"
                  onRun={move.later ?? noop}
                >
                  Move later<span className="sr-only">: {item.title}</span>
                </ActionButton>
              </>
            )}
            {canDelete && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirming(true)}
                className="-ml-2 text-red-800 dark:text-red-300"
              >
                Delete<span className="sr-only">: {item.title}</span>
              </Button>
            )}
          </div>
        )}
      </div>
      {canDelete && (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Delete this item?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          variant="danger"
          onConfirm={onDelete}
        >
          &ldquo;{item.title}&rdquo; will be removed from your portfolio. This action cannot be undone.
        </ConfirmDialog>
      )}
    </article>
  );
}

/** Spec §9: 6 cards while the grid loads. */
export function PortfolioSkeleton() {
  return <ListSkeleton shape="media" label="Loading portfolio..." listClassName={gridClasses} />;
}
