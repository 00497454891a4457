import { useQuery } from "convex/react";
import { useState } from "react";
import { useViewer } from "@/app/session";
import { Button } from "@/components/ui";
import { api } from "@/lib/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { ReviewCard } from "./ReviewCard";
import { VerifyToReview } from "./VerifyToReview";
import { WriteReviewDialog } from "./WriteReviewDialog";

/**
 * For the job page: 'Write a review' (and its dialog) when reviews.forJob says the viewer may review
 * this job now (or, before the viewer's email is verified, why not and a new link); the posted review
 * once there is one; nothing otherwise.
 */
export function WriteReviewButton({ jobId }: { jobId: Id<"jobs"> }) {
  const state = useQuery(api.reviews.forJob, { jobId });
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (state === undefined) return null;
  if (state.review) {
    return (
      <section aria-labelledby="job-review-heading" className="space-y-3">
        <h2 id="job-review-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Review
        </h2>
        <ReviewCard review={state.review} />
      </section>
    );
  }
  if (!state.canReview) return null;
  if (!viewer.emailVerified) return <VerifyToReview />;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Write a review</Button>
      <WriteReviewDialog open={open} onClose={() => setOpen(false)} jobId={jobId} />
    </>
  );
}
