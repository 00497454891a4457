import { useQuery } from "convex/react";
import { Link } from "react-router-dom";
import { cardClasses } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { countText, tagPath } from "./format";

// Trending tags: the most used over the last 7 days (read by the server from its daily counts).
// A row of chips on a phone, a list beside the feed from lg up.

export function TrendingTags({ current }: { current: string | null }) {
  const tags = useQuery(api.social.posts.trending, {});
  return (
    <section aria-labelledby="trending-heading" className={cn(cardClasses, "p-4")}>
      <h2 id="trending-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Trending tags
      </h2>
      {tags === undefined ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" role="status">
          Loading tags...
        </p>
      ) : tags.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No tags used this week yet.</p>
      ) : (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
          {tags.map((t) => (
            <li key={t.name} className="shrink-0">
              <Link
                to={tagPath(t.name)}
                aria-current={current === t.name ? "true" : undefined}
                className={cn(
                  "flex min-h-11 items-center justify-between gap-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:border-transparent dark:border-slate-600 dark:hover:bg-slate-800",
                  current === t.name && "bg-brand-50 dark:bg-brand-950",
                )}
              >
                <span className="font-semibold text-brand-800 dark:text-brand-200">#{t.name}</span>
                <span className="text-xs text-slate-600 dark:text-slate-300">{countText(t.count, "post")}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
