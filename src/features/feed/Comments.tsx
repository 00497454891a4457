import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, usePaginatedQuery } from "convex/react";
import { Suspense, lazy, useId, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { SOCIAL_LIMITS, commentSchema, mentionToken, type CommentValues } from "@common/social";
import { useSession } from "@/app/session";
import { Alert, Button, ButtonLink, ListSkeleton, LoadMore, useToast } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { relativeTime, relativeTimeLong, useNow } from "@/lib/relativeTime";
import { useErrorToast } from "@/lib/useErrorToast";
import { useFormFailure } from "@/lib/useFormFailure";
import type { Id } from "../../../convex/_generated/dataModel";
import { LikeButton } from "./LikeButton";
import { keptMentionIds, MentionField } from "./MentionField";
import { toggledLike } from "./likeState";
import { updateCommentEverywhere } from "./optimistic";
import { RichText } from "./PostContent";
import { authorName, countText, profilePath, type CommentView } from "./format";

// A post's conversation (spec §3 Comment): comments oldest first, paginated, one level of replies,
// add, edit or delete your own (the post's author may delete any on their post), comment likes,
// @mentions, Report. All live.

// Its own lazy import, not lazyParts.ts's (which loads this module: a circle).
const ReportDialog = lazy(() => import("./ReportDialog").then((m) => ({ default: m.ReportDialog })));

const PAGE_SIZE = 10;
const REPLIES_PAGE = 5;

type CommentInput = { content: string };

function CommentForm({
  postId,
  parentCommentId,
  editing,
  onDone,
  onCancel,
  autoFocus,
}: {
  postId: Id<"posts">;
  parentCommentId?: Id<"comments">;
  editing?: CommentView;
  onDone?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const add = useMutation(api.social.comments.add);
  const update = useMutation(api.social.comments.update);
  const mentions = useRef(new Map<string, string>(editing?.mentions.map((m) => [m._id, `@${m.name}`]) ?? []));
  const form = useForm<CommentInput, unknown, CommentValues>({
    resolver: zodResolver(commentSchema),
    defaultValues: { content: editing?.content ?? "" },
  });
  const {
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = form;
  const { formError, fail, clearFormError } = useFormFailure(
    setError,
    ["content"],
    { title: editing ? "Comment not saved" : "Comment not posted", description: "Please try again." },
    { inline: "unlessField" },
  );
  const submit = async ({ content }: CommentValues) => {
    clearFormError();
    const mentionIds = keptMentionIds(content, mentions.current) as Id<"users">[];
    try {
      if (editing) await update({ commentId: editing._id, content, mentionIds });
      else await add({ postId, content, mentionIds, ...(parentCommentId ? { parentCommentId } : {}) });
      reset({ content: "" });
      mentions.current.clear();
      onDone?.();
    } catch (error) {
      fail(error);
      setFocus("content");
    }
  };
  const label = editing ? "Edit comment" : parentCommentId ? "Reply" : "Add a comment";
  return (
    <FormProvider {...form}>
      <form aria-label={label} noValidate onSubmit={(e) => void handleSubmit(submit)(e)} className="space-y-2">
        {formError && <Alert variant="error">{formError}</Alert>}
        <div ref={(el) => void (autoFocus && el?.querySelector("textarea")?.focus())}>
          <MentionField<CommentInput>
            name="content"
            label={label}
            rows={2}
            maxLength={SOCIAL_LIMITS.comment}
            placeholder={parentCommentId ? "Write a reply..." : "Write a comment..."}
            onMention={(person) => mentions.current.set(person._id, mentionToken(person))}
          />
        </div>
        <div className="flex justify-end gap-2">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" loading={isSubmitting} loadingText={editing ? "Saving..." : "Posting..."}>
            {editing ? "Save" : parentCommentId ? "Post reply" : "Post comment"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

const linkButton =
  "min-h-9 rounded px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:bg-slate-800";

function CommentItem({
  comment,
  postId,
  canModerate,
  signedIn,
}: {
  comment: CommentView;
  postId: Id<"posts">;
  canModerate: boolean;
  signedIn: boolean;
}) {
  const now = useNow();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [repliesOpen, setRepliesOpen] = useState(false);
  const remove = useMutation(api.social.comments.remove);
  const toggleLike = useMutation(api.social.likes.toggleComment).withOptimisticUpdate(
    (store, { commentId, likeType }) =>
      updateCommentEverywhere(store, commentId, (c) => toggledLike(c, likeType ?? "like")),
  );
  const name = authorName(comment.author);
  const isReply = comment.parentCommentId !== null;
  const labelId = useId();
  return (
    <li className={cn("flex gap-3", isReply && "pl-2")}>
      <Link to={profilePath(comment.author._id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar
          firstName={comment.author.firstName}
          lastName={comment.author.lastName}
          image={comment.author.image}
          className={isReply ? "size-8 text-xs" : "size-9 text-xs"}
        />
      </Link>
      <article aria-labelledby={labelId} className="min-w-0 flex-1">
        <div className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
          <p id={labelId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link
              to={profilePath(comment.author._id)}
              className="font-semibold text-slate-900 hover:underline dark:text-white"
            >
              {name}
            </Link>
            <time
              dateTime={new Date(comment._creationTime).toISOString()}
              title={relativeTimeLong(comment._creationTime, now)}
              className="text-xs text-slate-600 dark:text-slate-300"
            >
              {relativeTime(comment._creationTime, now)}
              {comment.editedAt !== null && " · edited"}
            </time>
          </p>
          {editing ? (
            <div className="mt-2">
              <CommentForm
                postId={postId}
                editing={comment}
                onDone={() => setEditing(false)}
                onCancel={() => setEditing(false)}
                autoFocus
              />
            </div>
          ) : (
            <RichText text={comment.content} mentions={comment.mentions} className="text-sm" />
          )}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          {signedIn && (
            <LikeButton
              size="sm"
              what="comment"
              viewerLike={comment.viewerLike}
              onToggle={(likeType) =>
                void toggleLike({ commentId: comment._id, likeType }).catch((e: unknown) =>
                  showError(e, { title: "Like not saved", description: "Please try again." }),
                )
              }
            />
          )}
          <span className="px-1 text-xs text-slate-600 dark:text-slate-300">
            {countText(comment.likesCount, "like")}
          </span>
          {signedIn && !isReply && (
            <button
              type="button"
              className={linkButton}
              onClick={() => setReplying((v) => !v)}
              aria-expanded={replying}
            >
              Reply<span className="sr-only"> to {name}</span>
            </button>
          )}
          {comment.isOwn && !editing && (
            <button type="button" className={linkButton} onClick={() => setEditing(true)}>
              Edit<span className="sr-only"> comment</span>
            </button>
          )}
          {(comment.isOwn || canModerate) && (
            <button type="button" className={linkButton} onClick={() => setDeleting(true)}>
              Delete<span className="sr-only"> comment</span>
            </button>
          )}
          {signedIn && !comment.isOwn && (
            <button type="button" className={linkButton} onClick={() => setReporting(true)}>
              Report<span className="sr-only"> comment</span>
            </button>
          )}
        </div>
        {!isReply && comment.repliesCount > 0 && (
          <button
            type="button"
            className={cn(linkButton, "text-brand-700 dark:text-brand-200")}
            aria-expanded={repliesOpen}
            onClick={() => setRepliesOpen((v) => !v)}
          >
            {repliesOpen ? "Hide replies" : `View ${countText(comment.repliesCount, "reply", "replies")}`}
          </button>
        )}
        {(repliesOpen || replying) && !isReply && (
          <div className="mt-2 space-y-3 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
            {repliesOpen && (
              <CommentList
                postId={postId}
                parentCommentId={comment._id}
                canModerate={canModerate}
                signedIn={signedIn}
              />
            )}
            {replying && (
              <CommentForm
                postId={postId}
                parentCommentId={comment._id}
                autoFocus
                onDone={() => {
                  setReplying(false);
                  setRepliesOpen(true);
                }}
                onCancel={() => setReplying(false)}
              />
            )}
          </div>
        )}
        <ConfirmDialog
          open={deleting}
          onClose={() => setDeleting(false)}
          title="Delete comment?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          variant="danger"
          onConfirm={async () => {
            try {
              await remove({ commentId: comment._id });
              toast({ title: "Comment deleted", variant: "success" });
            } catch (error) {
              showError(error, { title: "Comment not deleted", description: "Please try again." });
            }
          }}
        >
          This comment and its replies will be removed. This action cannot be undone.
        </ConfirmDialog>
        {reporting && (
          <Suspense fallback={null}>
            <ReportDialog open onClose={() => setReporting(false)} target={{ commentId: comment._id }} />
          </Suspense>
        )}
      </article>
    </li>
  );
}

function CommentList({
  postId,
  parentCommentId,
  canModerate,
  signedIn,
}: {
  postId: Id<"posts">;
  parentCommentId?: Id<"comments">;
  canModerate: boolean;
  signedIn: boolean;
}) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.social.comments.list,
    { postId, ...(parentCommentId ? { parentCommentId } : {}) },
    { initialNumItems: parentCommentId ? REPLIES_PAGE : PAGE_SIZE },
  );
  if (status === "LoadingFirstPage") {
    return <ListSkeleton shape="row" count={parentCommentId ? 1 : 2} label="Loading comments..." />;
  }
  if (results.length === 0 && !parentCommentId) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No comments yet.</p>;
  }
  return (
    <div className="space-y-3">
      <ul aria-label={parentCommentId ? "Replies" : "Comments"} className="space-y-3">
        {results.map((comment) => (
          <CommentItem
            key={comment._id}
            comment={comment}
            postId={postId}
            canModerate={canModerate}
            signedIn={signedIn}
          />
        ))}
      </ul>
      <LoadMore
        status={status}
        size="sm"
        label={parentCommentId ? "More replies" : "More comments"}
        onLoadMore={() => loadMore(parentCommentId ? REPLIES_PAGE : PAGE_SIZE)}
      />
    </div>
  );
}

/** The comments under a post, with the form to add one (signed in) or a way to sign in. */
export function CommentsSection({ postId, canModerate }: { postId: Id<"posts">; canModerate: boolean }) {
  const session = useSession();
  const signedIn = session.status === "signedIn";
  return (
    <section aria-label="Comments" className="space-y-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      <CommentList postId={postId} canModerate={canModerate} signedIn={signedIn} />
      {signedIn ? (
        <CommentForm postId={postId} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <ButtonLink to="/login" variant="secondary" size="sm">
            Sign In
          </ButtonLink>{" "}
          to join the conversation.
        </p>
      )}
    </section>
  );
}
