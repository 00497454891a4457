import { useQuery } from "convex/react";
import { Link } from "react-router-dom";
import { cardClasses, EmptyState, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useActing } from "./acting";

// On the dashboard of an Enterprise team member acting for the business: the business's open
// quote requests (what was routed to it), each linking to the job page where the member bids as
// the business. What stays with the owner is said here, where the member meets it.

export function BusinessQuoteRequests() {
  const { business } = useActing();
  if (!business) return null;
  return (
    <section aria-labelledby="business-requests-heading" className="space-y-3">
      <h2 id="business-requests-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {business.name}'s quote requests
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        You're acting for {business.name}: your bids and messages are the business's, with your name recorded. Its
        profile, plan, payouts and the work on hired jobs are managed by the owner's account.
      </p>
      <RequestList businessId={business._id} />
    </section>
  );
}

function RequestList({ businessId }: { businessId: NonNullable<ReturnType<typeof useActing>["actingFor"]> }) {
  const requests = useQuery(api.teams.quoteRequests, { businessId });
  if (requests === undefined) return <ListSkeleton shape="row" count={3} label="Loading quote requests" />;
  if (requests.length === 0) {
    return (
      <EmptyState title="No open quote requests">
        <p>Quote requests routed to the business show here as they arrive.</p>
      </EmptyState>
    );
  }
  return (
    <ul className={cn(cardClasses, "divide-y divide-slate-200 p-0 dark:divide-slate-700")}>
      {requests.map(({ job, bidPlaced }) => (
        <li key={job._id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <div className="min-w-0">
            <Link
              to={`/jobs/${job._id}`}
              className="font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
            >
              {job.title}
            </Link>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {job.location}
              {job.budget ? ` · ${job.budget}` : ""}
            </p>
          </div>
          <span
            className={cn(
              "rounded-full px-2.5 py-0.5 text-xs font-semibold",
              bidPlaced
                ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100"
                : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
            )}
          >
            {bidPlaced ? "Bid placed" : "No bid yet"}
          </span>
        </li>
      ))}
    </ul>
  );
}
