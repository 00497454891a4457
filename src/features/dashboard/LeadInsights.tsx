import { useQuery } from "convex/react";
import { InsightsCopy } from "@common/plans";
import { Alert, cardClasses, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { DashIcon, headingText, mutedText, StatTile, type IconName } from "./parts";

// Lead insights (spec §6, Pro+ Leads and Enterprise): the last 30 days' real counts, kept by the
// server as the events happen (convex/model/insights.ts). Below Pro+ the server sends no figures,
// only `locked`, and the section is the upgrade prompt.

const FIGURES: { key: keyof typeof InsightsCopy.labels; icon: IconName }[] = [
  { key: "profileViews", icon: "user" },
  { key: "searchAppearances", icon: "search" },
  { key: "quoteRequests", icon: "doc" },
  { key: "bidsPlaced", icon: "briefcase" },
  { key: "bidsWon", icon: "check" },
];

const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export function LeadInsights() {
  const insights = useQuery(api.insights.mine, {});
  if (insights === null) return null;
  return (
    <section id="insights" aria-labelledby="insights-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="insights-heading" className={cn("text-lg font-semibold", headingText)}>
          {InsightsCopy.title}
        </h2>
        {insights && !insights.locked && (
          <p className={cn("text-sm", mutedText)}>
            {InsightsCopy.summary} ({dayText(insights.from)} – {dayText(insights.to)})
          </p>
        )}
      </div>
      {insights?.locked ? (
        <div className={cn(cardClasses, "p-0")}>
          <Alert variant="info" title={InsightsCopy.upgradeTitle} live="off" className="border-0">
            <p>{InsightsCopy.upgrade}</p>
            <p className="mt-2">
              <TextLink to="/subscribe">{InsightsCopy.upgradeLink}</TextLink>
            </p>
          </Alert>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
          {FIGURES.map(({ key, icon }) => (
            <StatTile
              key={key}
              label={InsightsCopy.labels[key]}
              icon={<DashIcon name={icon} />}
              value={insights?.totals[key]}
            />
          ))}
        </div>
      )}
    </section>
  );
}
