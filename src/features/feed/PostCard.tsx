import { useMutation } from "convex/react";
import { Suspense, useId, useState } from "react";
import { Link } from "react-router-dom";
import { SOCIAL_LIMITS, SocialCopy, postCategoryLabel, postTypeLabel } from "@common/socialCatalog";
import { useSession } from "@/app/session";
import { Alert, cardClasses, ListSkeleton, useToast } from "@/components/ui";
import { ActionMenu } from "@/components/ui/ActionMenu";
import { Avatar } from "@/components/ui/Avatar";
import { StrokeIcon } from "@/components/ui/Icon";
import { CHECK_PATH, Pill } from "@/features/reviews/parts";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { relativeTime, relativeTimeLong, useNow } from "@/lib/relativeTime";
import { useErrorToast } from "@/lib/useErrorToast";
import { actionClasses, LikeButton } from "./LikeButton";
import { toggledLike } from "./likeState";
import { updatePostEverywhere } from "./optimistic";
import { RichText } from "./PostContent";
import { PostMedia } from "./PostMedia";
import { CommentsSection, DeletePostDialog, EditPostDialog, ReportDialog, RepostDialog } from "./lazyParts";
import {
  authorName,
  categoryChipClasses,
  chipClasses,
  countText,
  postPath,
  profilePath,
  typeChipClasses,
  type AuthorView,
  type EmbeddedPost,
  type PostView,
} from "./format";

// One post in a list or on its own page (spec §2 Community feed, §9): author (avatar, name,
// business name, Verified), relative time, type and category, the text with #tags and @mentions
// linked, at most 4 photos (+N), videos, live like, comment and share counts, Like with its types
// (optimistic), comments, Share (copy the link) and Repost, Report; Edit and Delete for the
// author only. A repost embeds the original; the author of a held post sees why.

function VerifiedBadge() {
  return (
    <Pill className="border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100">
      <StrokeIcon d={CHECK_PATH} strokeWidth={3} className="size-3" />
      Verified
    </Pill>
  );
}

function Byline({
  author,
  at,
  postId,
  editedAt,
}: {
  author: AuthorView;
  at: number;
  postId: string;
  editedAt: number | null;
}) {
  const now = useNow();
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Link to={profilePath(author._id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar firstName={author.firstName} lastName={author.lastName} image={author.image} className="size-11" />
      </Link>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={profilePath(author._id)}
            className="font-semibold text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white"
          >
            {authorName(author)}
          </Link>
          {author.verified && <VerifiedBadge />}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-300">
          {author.businessName && <span className="truncate">{author.businessName}</span>}
          {author.businessName && <span aria-hidden="true">·</span>}
          <Link
            to={postPath(postId)}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <time dateTime={new Date(at).toISOString()} title={relativeTimeLong(at, now)}>
              <span className="sr-only">Posted </span>
              {relativeTime(at, now)}
            </time>
          </Link>
          {editedAt !== null && <span>· edited</span>}
        </p>
      </div>
    </div>
  );
}

function Chips({ postType, category }: { postType: string; category: string }) {
  return (
    <p className="flex flex-wrap gap-2">
      <span className={cn(chipClasses, typeChipClasses)}>
        <span className="sr-only">Type: </span>
        {postTypeLabel(postType)}
      </span>
      <span className={cn(chipClasses, categoryChipClasses)}>
        <span className="sr-only">Category: </span>
        {postCategoryLabel(category)}
      </span>
    </p>
  );
}

function Details({ location, projectBudget }: { location: string | null; projectBudget: string | null }) {
  if (!location && !projectBudget) return null;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
      {location && (
        <div className="flex gap-1">
          <dt className="font-medium">Location:</dt>
          <dd>{location}</dd>
        </div>
      )}
      {projectBudget && (
        <div className="flex gap-1">
          <dt className="font-medium">Project budget:</dt>
          <dd>{projectBudget}</dd>
        </div>
      )}
    </dl>
  );
}

function Embedded({ post, maxImages }: { post: EmbeddedPost | null; maxImages: number }) {
  if (!post) {
    return (
      <p className="rounded-lg border border-dashed border-slate-400 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
        This post is no longer available.
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
      <Byline author={post.author} at={post._creationTime} postId={post._id} editedAt={post.editedAt} />
      <Chips postType={post.postType} category={post.category} />
      <RichText text={post.content} hashtags={post.hashtags} mentions={post.mentions} />
      <PostMedia postId={post._id} media={post.media} maxImages={maxImages} authorName={authorName(post.author)} />
    </div>
  );
}

export function PostCard({
  post,
  maxImages = SOCIAL_LIMITS.cardImages,
  commentsOpen = false,
  onDeleted,
}: {
  post: PostView;
  maxImages?: number;
  commentsOpen?: boolean;
  onDeleted?: () => void;
}) {
  const session = useSession();
  const signedIn = session.status === "signedIn";
  const { toast } = useToast();
  const showError = useErrorToast();
  const [showComments, setShowComments] = useState(commentsOpen);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reposting, setReposting] = useState(false);
  const share = useMutation(api.social.shares.share);
  const toggleLike = useMutation(api.social.likes.togglePost).withOptimisticUpdate((store, { postId, likeType }) =>
    updatePostEverywhere(store, postId, (p) => toggledLike(p, likeType ?? "like")),
  );
  const titleId = useId();
  const commentsId = useId();
  const name = authorName(post.author);
  const held = post.isOwn && (post.moderationStatus === "flagged" || post.moderationStatus === "rejected");

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(new URL(postPath(post._id), window.location.origin).href);
      toast({ title: "Link copied", description: "Paste it anywhere to share this post.", variant: "success" });
      if (signedIn) await share({ postId: post._id, shareType: "share" });
    } catch (error) {
      showError(error, { title: "Share failed", description: "Please try again." });
    }
  };

  return (
    <article aria-labelledby={titleId} className={cn(cardClasses, "space-y-4 p-4 sm:p-5")}>
      <h2 id={titleId} className="sr-only">
        {post.isRepost ? `${name} reposted` : `Post by ${name}`}
      </h2>
      <div className="flex items-start justify-between gap-3">
        <Byline author={post.author} at={post._creationTime} postId={post._id} editedAt={post.editedAt} />
        {signedIn && (
          <ActionMenu
            className="relative shrink-0"
            buttonClassName={cn(actionClasses, "size-11 px-0")}
            button={
              <>
                <StrokeIcon d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} className="size-6" />
                <span className="sr-only">More actions for the post by {name}</span>
              </>
            }
            anchor="bottom end"
            items={
              post.isOwn
                ? [
                    ...(post.isRepost ? [] : [{ label: "Edit post", onSelect: () => setEditing(true) }]),
                    { label: "Delete post", danger: true, onSelect: () => setDeleting(true) },
                  ]
                : [{ label: "Report post", onSelect: () => setReporting(true) }]
            }
          />
        )}
      </div>

      {held && (
        <Alert variant="warning" title="Held for review">
          {SocialCopy.flaggedNotice}
          {post.moderationFlags.length > 0 && <> Flagged for: {post.moderationFlags.join(", ")}.</>}
        </Alert>
      )}

      {!post.isRepost && <Chips postType={post.postType} category={post.category} />}
      {post.content && <RichText text={post.content} hashtags={post.hashtags} mentions={post.mentions} />}
      {post.isRepost ? (
        <Embedded post={post.repostOf} maxImages={maxImages} />
      ) : (
        <>
          <Details location={post.location} projectBudget={post.projectBudget} />
          <PostMedia postId={post._id} media={post.media} maxImages={maxImages} authorName={name} />
        </>
      )}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
        <span>{countText(post.likesCount, "like")}</span>
        <button
          type="button"
          aria-expanded={showComments}
          aria-controls={showComments ? commentsId : undefined}
          onClick={() => setShowComments((v) => !v)}
          className="min-h-9 rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {countText(post.commentsCount, "comment")}
        </button>
        <span>{countText(post.sharesCount, "share")}</span>
      </div>

      <div className="-mx-2 flex flex-wrap items-center gap-1 border-t border-slate-200 pt-2 dark:border-slate-700">
        {signedIn ? (
          <LikeButton
            viewerLike={post.viewerLike}
            onToggle={(likeType) =>
              void toggleLike({ postId: post._id, likeType }).catch((e: unknown) =>
                showError(e, { title: "Like not saved", description: "Please try again." }),
              )
            }
          />
        ) : (
          <Link to="/login" className={actionClasses}>
            Sign in to like
          </Link>
        )}
        <button
          type="button"
          className={actionClasses}
          aria-expanded={showComments}
          onClick={() => setShowComments((v) => !v)}
        >
          <StrokeIcon d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" className="size-5" />
          Comment
        </button>
        <ActionMenu
          className="relative"
          buttonClassName={actionClasses}
          button={
            <>
              <StrokeIcon d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" className="size-5" />
              Share
            </>
          }
          anchor="bottom start"
          items={[
            { label: "Copy link", onSelect: () => void copyLink() },
            ...(signedIn && !post.isRepost ? [{ label: "Repost", onSelect: () => setReposting(true) }] : []),
          ]}
        />
      </div>

      {showComments && (
        <div id={commentsId}>
          <Suspense fallback={<ListSkeleton shape="row" count={1} label="Loading comments..." />}>
            <CommentsSection postId={post._id} canModerate={post.isOwn} />
          </Suspense>
        </div>
      )}

      {/* Dialogs load when first opened; nothing shows meanwhile (a fraction of a second). */}
      <Suspense fallback={null}>
        {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
        {deleting && <DeletePostDialog postId={post._id} onClose={() => setDeleting(false)} onDeleted={onDeleted} />}
        {reporting && <ReportDialog open onClose={() => setReporting(false)} target={{ postId: post._id }} />}
        {reposting && <RepostDialog open onClose={() => setReposting(false)} postId={post._id} />}
      </Suspense>
    </article>
  );
}

/** Spec §9: the feed loads with 3 card placeholders. */
export function PostListSkeleton({ count = 3 }: { count?: number }) {
  return <ListSkeleton shape="post" count={count} label="Loading posts..." listClassName="space-y-4" />;
}
