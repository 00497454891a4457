import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { BrandingCopy } from "@common/branding";
import { PORTFOLIO_CATEGORIES } from "@common/profile";
import { Alert, Button, EmptyState, TextLink } from "@/components/ui";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { useErrorToast } from "@/lib/useErrorToast";
import { AddWorkDialog } from "./AddWorkDialog";
import {
  PORTFOLIO_LOAD_FAILED,
  PortfolioGrid,
  PortfolioSkeleton,
  portfolioCategoryLabel,
  type PortfolioItem,
} from "./PortfolioGrid";

// /portfolio (spec §2 Portfolio): the viewer's own work. Category chips (All + the portfolio
// categories, kept in ?category=), the grid, Delete, and the Add Work dialog.

const CHIPS = [{ value: "all", label: "All" }, ...PORTFOLIO_CATEGORIES];

export function PortfolioPage() {
  usePageTitle("Portfolio");
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const category = CHIPS.some((c) => c.value === params.get("category")) ? params.get("category")! : "all";

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Portfolio</h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
            Your finished work, as clients see it on your profile.
          </p>
        </div>
        <Button onClick={() => setAdding(true)} className="self-start sm:self-auto">
          Add Work
        </Button>
      </header>

      <div
        role="group"
        aria-label="Filter by category"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:flex-wrap"
      >
        {CHIPS.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-pressed={category === c.value}
            onClick={() =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  if (c.value === "all") next.delete("category");
                  else next.set("category", c.value);
                  return next;
                },
                { replace: true },
              )
            }
            className={cn(
              "min-h-11 shrink-0 rounded-full border border-slate-500 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100",
              "dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
              "aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-brand-950",
            )}
          >
            {c.label}
          </button>
        ))}
      </div>

      <QueryErrorBoundary fallback={(retry) => <ErrorState message={PORTFOLIO_LOAD_FAILED} onRetry={retry} />}>
        <OwnPortfolio category={category} onAdd={() => setAdding(true)} />
      </QueryErrorBoundary>

      <AddWorkDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function OwnPortfolio({ category, onAdd }: { category: string; onAdd: () => void }) {
  const items = useQuery(api.portfolio.list, category === "all" ? {} : { category });
  if (items === undefined) return <PortfolioSkeleton />;
  if (items.length === 0) {
    return (
      <EmptyState
        title={category === "all" ? "No portfolio items yet" : `No ${portfolioCategoryLabel(category)} work yet`}
      >
        <p>Add photos or videos of finished jobs so clients can see what you do.</p>
        <Button onClick={onAdd}>Add Work</Button>
      </EmptyState>
    );
  }
  return <ArrangedPortfolio items={items} arrangeable={category === "all"} />;
}

/**
 * Pro Profile arranges the gallery (Move earlier / Move later, saved at once, the order clients see);
 * Basic sees the upgrade prompt where the limit is met (the server refuses the same).
 */
function ArrangedPortfolio({ items, arrangeable }: { items: readonly PortfolioItem[]; arrangeable: boolean }) {
  const branding = useQuery(api.branding.mine, {});
  const reorder = useMutation(api.portfolio.reorder);
  const reportError = useErrorToast();
  const move = async (index: number, delta: -1 | 1) => {
    const ids = items.map((i) => i._id as string);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    try {
      await reorder({ ids });
    } catch (error) {
      reportError(error, { title: "Gallery Not Saved", description: "Please try again." });
    }
  };
  return (
    <div className="space-y-4">
      {branding && !branding.allowed && items.length > 1 && (
        <Alert variant="info" title={BrandingCopy.upgradeTitle} live="off">
          <p>{BrandingCopy.upgrade}</p>
          <p className="mt-2">
            <TextLink to="/subscribe">{BrandingCopy.upgradeLink}</TextLink>
          </p>
        </Alert>
      )}
      <PortfolioGrid items={items} canDelete onMove={branding?.allowed && arrangeable ? move : undefined} />
    </div>
  );
}
