import { useQuery } from "convex/react";
import { useId, useMemo, useState } from "react";
import { useViewer } from "@/app/session";
import { Button, cardClasses } from "@/components/ui";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import type { Id } from "../../../convex/_generated/dataModel";
import { ReviewList, type ReviewListArgs } from "./ReviewList";
import { VerifyToReview } from "./VerifyToReview";
import { WriteReviewDialog } from "./WriteReviewDialog";
import { dateText, StarShape } from "./parts";

// /reviews (spec §2 Reviews): Professional Reviews, a search box (server search, debounced), star
// filter buttons 5 to 1 (a second click clears), the review cards, Load more. Professionals can
// switch to the reviews of themselves. Above the list, completed jobs still waiting for the
// viewer's review, each with its 'Write a review' dialog.

const pressedClasses =
  "aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-brand-950";
const chipClasses = cn(
  "inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-500 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100",
  "dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  pressedClasses,
);

export function ReviewsPage() {
  usePageTitle("Professional Reviews");
  const viewer = useViewer();
  const searchId = useId();
  const [text, setText] = useState("");
  const [rating, setRating] = useState<number | undefined>();
  const [mine, setMine] = useState(false);
  const q = useDebouncedValue(text.trim(), 300);
  const isPro = viewer.userType === "professional";
  const args = useMemo<ReviewListArgs>(
    () => ({
      ...(q ? { q } : {}),
      ...(rating ? { rating } : {}),
      ...(isPro && mine ? { professionalId: viewer._id } : {}),
    }),
    [q, rating, isPro, mine, viewer._id],
  );

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Professional Reviews
        </h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
          What clients say about the professionals they hired through Rafter.
        </p>
      </header>

      <ToWrite />

      <section aria-label="Filter reviews" className="space-y-4">
        {isPro && (
          <div role="group" aria-label="Whose reviews" className="inline-flex rounded-lg border border-slate-500 p-1">
            {[
              { value: false, label: "All reviews" },
              { value: true, label: "Reviews of me" },
            ].map((o) => (
              <button
                key={o.label}
                type="button"
                aria-pressed={mine === o.value}
                onClick={() => setMine(o.value)}
                className={cn(
                  "min-h-10 rounded-md px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800",
                  pressedClasses,
                )}
              >
                {o.label}
              </button>
            ))}
          </div>
        )}
        <div className="space-y-1.5">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
            Search reviews
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search by words in the title or review"
            className="block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
        <div role="group" aria-label="Filter by rating" className="flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={rating === n}
              onClick={() => setRating((current) => (current === n ? undefined : n))}
              className={chipClasses}
            >
              {n}
              <StarShape filled className="size-4 text-current dark:text-current" />
              <span className="sr-only">star{n === 1 ? "" : "s"}</span>
            </button>
          ))}
        </div>
      </section>

      <section aria-label="Reviews">
        <ReviewList
          args={args}
          showProfessional={!(isPro && mine)}
          emptyHint={
            q || rating
              ? "Try other words or another rating."
              : isPro && mine
                ? "Reviews from clients you worked for show up here."
                : "Reviews appear here when clients review completed jobs."
          }
        />
      </section>
    </div>
  );
}

function ToWrite() {
  const jobs = useQuery(api.reviews.toWrite, {});
  const { emailVerified } = useViewer();
  const [open, setOpen] = useState<{ jobId: Id<"jobs">; title: string; professionalName: string } | null>(null);
  if (!jobs || jobs.length === 0) return null;
  return (
    <section aria-labelledby="to-write-heading" className={cn(cardClasses, "space-y-3 p-4 sm:p-5")}>
      <h2 id="to-write-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Review your completed jobs
      </h2>
      {!emailVerified && <VerifyToReview />}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {jobs.map((job) => (
          <li key={job.jobId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900 dark:text-white">{job.title}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {job.professionalName} · completed {dateText(job.completedAt)}
              </p>
            </div>
            {emailVerified && (
              <Button
                size="sm"
                className="self-start sm:self-auto"
                onClick={() => setOpen({ jobId: job.jobId, title: job.title, professionalName: job.professionalName })}
              >
                Write a review<span className="sr-only">: {job.title}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <WriteReviewDialog
          open
          onClose={() => setOpen(null)}
          jobId={open.jobId}
          jobTitle={open.title}
          professionalName={open.professionalName}
        />
      )}
    </section>
  );
}
