import { useMutation } from "convex/react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { ProfileCopy } from "@common/profile";
import { useViewer } from "@/app/session";
import { Button, Textarea, cardClasses, textLinkClasses, useToast } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useErrorToast } from "@/lib/useErrorToast";
import { ReportReviewDialog } from "./ReportReviewDialog";
import { dateText, Stars, VerifiedClientBadge, type ReviewView } from "./parts";

// One review (spec §2 Reviews, §3 Review): reviewer avatar and name, stars, date, 'Verified Client',
// title, content, 'Helpful (count)', Report, and the professional's reply (which the reviewed
// professional may write once).

const HELPFUL_ICON = "M7 11v9H4v-9zM7 11l4-7a2 2 0 0 1 3 2l-1 4h6a2 2 0 0 1 2 2.3l-1.3 6A2 2 0 0 1 17.7 20H7";
const FLAG_ICON = "M5 21V4M5 4h11l-2 4 2 4H5";

function SmallIcon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

export function ReviewCard({
  review,
  showProfessional = false,
  headingLevel = 3,
}: {
  review: ReviewView;
  /** On /reviews: which professional the review is about. */
  showProfessional?: boolean;
  headingLevel?: 2 | 3;
}) {
  const viewer = useViewer();
  const { toast } = useToast();
  const reportError = useErrorToast();
  const toggleHelpful = useMutation(api.reviews.toggleHelpful);
  // Optimistic: the button flips at once and settles to the server's count.
  const [pending, setPending] = useState<{ marked: boolean; helpful: number } | null>(null);
  const [reporting, setReporting] = useState(false);
  const marked = pending?.marked ?? review.markedHelpful;
  const helpful = pending?.helpful ?? review.helpful;
  const isOwnReview = review.reviewer._id === viewer._id;
  const aboutMe = review.professional._id === viewer._id;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const name = `${review.reviewer.firstName} ${review.reviewer.lastName}`.trim();

  const onHelpful = async () => {
    if (pending) return;
    const next = { marked: !marked, helpful: Math.max(0, helpful + (marked ? -1 : 1)) };
    setPending(next);
    try {
      const result = await toggleHelpful({ reviewId: review._id });
      if (result.marked)
        toast({ title: ProfileCopy.helpfulTitle, description: ProfileCopy.helpful, variant: "success" });
    } catch (error) {
      reportError(error, { title: "Error", description: "Failed to mark the review as helpful. Please try again." });
    } finally {
      setPending(null);
    }
  };

  return (
    <article className={cn(cardClasses, "space-y-3 p-4 sm:p-5")} aria-label={`Review by ${name}: ${review.title}`}>
      <div className="flex items-start gap-3">
        <Avatar
          firstName={review.reviewer.firstName}
          lastName={review.reviewer.lastName}
          image={review.reviewer.image}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="font-semibold text-slate-900 dark:text-white">{name}</p>
            {review.verified && <VerifiedClientBadge />}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
            <Stars rating={review.rating} />
            <time dateTime={new Date(review._creationTime).toISOString()}>{dateText(review._creationTime)}</time>
          </div>
        </div>
      </div>
      {showProfessional && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Review of{" "}
          <Link to={`/profile/${review.professional._id}?tab=reviews`} className={textLinkClasses}>
            {review.professional.name}
          </Link>
          {review.jobTitle && <> for &ldquo;{review.jobTitle}&rdquo;</>}
        </p>
      )}
      <div>
        <Heading className="text-lg font-semibold break-words text-slate-900 dark:text-white">{review.title}</Heading>
        <p className="mt-1 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">{review.content}</p>
      </div>

      {review.reply && (
        <div className="rounded-md border-l-4 border-brand-600 bg-brand-50 px-3 py-2 dark:border-brand-300 dark:bg-slate-800">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            Response from {review.professional.name}
            {review.repliedAt && (
              <span className="font-normal text-slate-600 dark:text-slate-300"> · {dateText(review.repliedAt)}</span>
            )}
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800 dark:text-slate-200">
            {review.reply}
          </p>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={marked ? "primary" : "secondary"}
          size="sm"
          aria-pressed={marked}
          aria-busy={pending ? true : undefined}
          disabled={isOwnReview || aboutMe}
          title={isOwnReview || aboutMe ? "You can't mark your own review as helpful." : undefined}
          onClick={() => void onHelpful()}
          className={cn(marked && "border border-transparent")}
        >
          <SmallIcon d={HELPFUL_ICON} />
          Helpful ({helpful.toLocaleString("en-US")})
        </Button>
        {!isOwnReview && (
          <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
            <SmallIcon d={FLAG_ICON} />
            Report<span className="sr-only"> review by {name}</span>
          </Button>
        )}
      </div>

      {review.canReply && <ReplyForm reviewId={review._id} reviewer={name} />}
      <ReportReviewDialog open={reporting} onClose={() => setReporting(false)} reviewId={review._id} />
    </article>
  );
}

function ReplyForm({ reviewId, reviewer }: { reviewId: ReviewView["_id"]; reviewer: string }) {
  const reply = useMutation(api.reviews.reply);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Reply<span className="sr-only"> to {reviewer}</span>
      </Button>
    );
  }
  const submit = async () => {
    if (busy) return;
    if (!text.trim()) {
      setError("Please write your reply");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await reply({ reviewId, content: text });
      toast({ title: "Reply posted", description: "Your reply now shows under the review.", variant: "success" });
    } catch (err) {
      setError(
        reportError(err, { title: "Error", description: "Failed to post your reply. Please try again." }).inline,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      aria-label={`Reply to ${reviewer}`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Textarea
        id={`reply-${id}`}
        label="Your reply"
        hint="You can reply once; your reply is public."
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={busy} loadingText="Posting...">
          Post Reply
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
