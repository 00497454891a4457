import { zodResolver } from "@hookform/resolvers/zod";
import { useConvex, useMutation } from "convex/react";
import { useEffect, useId, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import {
  DEFAULT_POST_TYPE,
  POST_CATEGORIES,
  POST_TYPES,
  SOCIAL_LIMITS,
  SocialCopy,
  mentionToken,
  postSchema,
  type PostInput,
  type PostValues,
} from "@common/social";
import { Alert, Button, FileField, Select, TextField, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import type { ErrorCopy } from "@/lib/errors";
import { throwIfRefused, uploadFile } from "@/lib/upload";
import { useFormFailure } from "@/lib/useFormFailure";
import type { Id } from "../../../convex/_generated/dataModel";
import { keptMentionIds, MentionField } from "./MentionField";
import type { PostView } from "./format";
import { ACCEPT_IMAGES_AND_VIDEOS, isImageType, isVideoType } from "@common/uploads";

// New Post and Edit (spec §2 Community feed, §5, §8 "Posts"): the shared postSchema checks the form
// here and again on the server. Missing content or category: the toast 'Please fill in all
// required fields'. Photos under 5 MB and videos under 50 MB each, checked as they are chosen
// ('Image too large' / 'Video too large') and again by the server; they upload to Convex storage
// on Post. Mentions come from the @ picker.

const FIELDS = ["content", "postType", "category", "location", "projectBudget"] as const;
const typeOptions = POST_TYPES.map((t) => ({ value: t.value, label: t.label }));
const categoryOptions = POST_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));

const EMPTY: PostInput = { content: "", postType: DEFAULT_POST_TYPE, category: "", location: "", projectBudget: "" };

type Kind = "image" | "video";
type MediaItem =
  | { key: string; kind: Kind; preview: string; file: File }
  | { key: string; kind: Kind; preview: string; storageId: Id<"_storage"> };

function kindOf(file: File): Kind | null {
  if (isImageType(file.type)) return "image";
  if (isVideoType(file.type)) return "video";
  return null;
}

function valuesOf(post: PostView): PostInput {
  return {
    content: post.content,
    postType: post.postType,
    category: post.category,
    location: post.location ?? "",
    projectBudget: post.projectBudget ?? "",
  };
}

/** The media of the viewer's own post being edited (its view carries their storage ids). */
function keptMedia(post: PostView | undefined): MediaItem[] {
  if (!post) return [];
  return post.media.flatMap((m, i) =>
    m.storageId && m.url ? [{ key: `kept-${i}`, kind: m.kind, preview: m.url, storageId: m.storageId }] : [],
  );
}

export function PostForm({
  editing,
  onDone,
  onCancel,
}: {
  editing?: PostView;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const create = useMutation(api.social.posts.create);
  const update = useMutation(api.social.posts.update);
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const convex = useConvex();
  const { toast } = useToast();
  const [media, setMedia] = useState<MediaItem[]>(() => keptMedia(editing));
  const [mediaError, setMediaError] = useState<string | null>(null);
  const mentions = useRef(new Map<string, string>(editing?.mentions.map((m) => [m._id, `@${m.name}`]) ?? []));
  const mediaInputId = useId();
  const mediaInput = useRef<HTMLInputElement>(null);
  const copy: ErrorCopy = editing
    ? { title: SocialCopy.updateFailed, description: "Please try again." }
    : { title: SocialCopy.createFailed, description: "Please try again." };

  const form = useForm<PostInput, unknown, PostValues>({
    resolver: zodResolver(postSchema),
    defaultValues: editing ? valuesOf(editing) : EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, fail, clearFormError } = useFormFailure(setError, FIELDS, copy, { inline: "unlessField" });

  // New files' previews are object URLs: let them go when the list changes or the form unmounts.
  useEffect(() => () => media.forEach((m) => "file" in m && URL.revokeObjectURL(m.preview)), [media]);

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    setMediaError(null);
    if (mediaInput.current) mediaInput.current.value = "";
    const kinds = chosen.map(kindOf);
    if (kinds.some((k) => k === null)) return setMediaError(SocialCopy.mediaType);
    if (chosen.some((f, i) => kinds[i] === "image" && f.size > SOCIAL_LIMITS.imageBytes)) {
      toast({ title: SocialCopy.imageTooLargeTitle, description: SocialCopy.imageTooLarge, variant: "destructive" });
      return setMediaError(SocialCopy.imageTooLarge);
    }
    if (chosen.some((f, i) => kinds[i] === "video" && f.size > SOCIAL_LIMITS.videoBytes)) {
      toast({ title: SocialCopy.videoTooLargeTitle, description: SocialCopy.videoTooLarge, variant: "destructive" });
      return setMediaError(SocialCopy.videoTooLarge);
    }
    if (media.length + chosen.length > SOCIAL_LIMITS.media) return setMediaError(SocialCopy.tooManyMedia);
    setMedia((current) => [
      ...current,
      ...chosen.map((file, i) => ({
        key: `${file.name}-${file.size}-${Math.random()}`,
        kind: kinds[i]!,
        file,
        preview: URL.createObjectURL(file),
      })),
    ]);
  };

  // A post the screen holds is seen by its author only (not in Latest): say so, with why, at once.
  const tellIfHeld = async (postId: Id<"posts">) => {
    const post = await convex.query(api.social.posts.get, { postId }).catch(() => null);
    if (post && (post.moderationStatus === "flagged" || post.moderationStatus === "rejected")) {
      toast({ title: "Held for review", description: SocialCopy.flaggedNotice, duration: 10_000 });
    }
  };

  const submit = async (values: PostValues) => {
    clearFormError();
    try {
      const sent: { storageId: Id<"_storage">; kind: Kind }[] = [];
      for (const item of media) {
        if ("storageId" in item) {
          sent.push({ storageId: item.storageId, kind: item.kind });
          continue;
        }
        const url = await generateUploadUrl({ purpose: "post", kind: item.kind });
        sent.push({ storageId: (await uploadFile(url, item.file)) as Id<"_storage">, kind: item.kind });
      }
      const mentionIds = keptMentionIds(values.content, mentions.current) as Id<"users">[];
      if (editing) {
        const refused = await update({ postId: editing._id, ...values, media: sent, mentionIds });
        if (refused) throwIfRefused(refused);
        toast({ title: SocialCopy.updated, variant: "success" });
        void tellIfHeld(editing._id);
      } else {
        const created = await create({ ...values, media: sent, mentionIds });
        if ("refused" in created) throwIfRefused(created);
        toast({ title: SocialCopy.created, variant: "success" });
        if ("postId" in created && created.postId) void tellIfHeld(created.postId);
        reset(EMPTY);
        setMedia([]);
        mentions.current.clear();
      }
      onDone();
    } catch (error) {
      fail(error);
    }
  };

  const invalid = () => toast({ title: SocialCopy.required, variant: "destructive" });
  const label = editing ? "Edit post" : "New post";

  return (
    <FormProvider {...form}>
      <form aria-label={label} noValidate onSubmit={(e) => void handleSubmit(submit, invalid)(e)} className="space-y-5">
        {formError && <Alert variant="error">{formError}</Alert>}
        <MentionField<PostInput>
          name="content"
          label="What did you work on?"
          required
          rows={4}
          maxLength={SOCIAL_LIMITS.content}
          placeholder="Share a project, a tip or a tool. Use #tags, and @ to mention a member."
          onMention={(person) => mentions.current.set(person._id, mentionToken(person))}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Select label="Post type" options={typeOptions} error={errors.postType?.message} {...register("postType")} />
          <Select
            label="Category"
            required
            placeholder="Choose a category"
            options={categoryOptions}
            error={errors.category?.message}
            {...register("category")}
          />
          <TextField
            label="Location"
            maxLength={SOCIAL_LIMITS.location}
            placeholder="e.g. Austin, TX"
            error={errors.location?.message}
            {...register("location")}
          />
          <TextField
            label="Project budget"
            maxLength={SOCIAL_LIMITS.projectBudget}
            placeholder="e.g. $12,000"
            error={errors.projectBudget?.message}
            {...register("projectBudget")}
          />
        </div>
        <FileField
          ref={mediaInput}
          id={mediaInputId}
          label="Photos and videos"
          hint="Images under 5 MB, videos under 50 MB, up to 10 in all."
          error={mediaError ?? undefined}
          multiple
          accept={ACCEPT_IMAGES_AND_VIDEOS}
          disabled={isSubmitting || media.length >= SOCIAL_LIMITS.media}
          onChange={(e) => choose(e.target.files)}
          chosen={
            media.length > 0 && (
              <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen photos and videos">
                {media.map((m, i) => {
                  const name = "file" in m ? m.file.name : `${m.kind === "image" ? "Photo" : "Video"} ${i + 1}`;
                  return (
                    <li key={m.key} className="relative">
                      {m.kind === "image" ? (
                        <img src={m.preview} alt={name} className="aspect-square w-full rounded-md object-cover" />
                      ) : (
                        <video
                          src={m.preview}
                          muted
                          preload="metadata"
                          aria-label={name}
                          className="aspect-square w-full rounded-md bg-black object-cover"
                        />
                      )}
                      <button
                        type="button"
                        disabled={isSubmitting}
                        onClick={() => setMedia((list) => list.filter((x) => x.key !== m.key))}
                        className="absolute top-1 right-1 flex size-8 items-center justify-center rounded-full bg-slate-900/80 text-white focus-visible:outline-2 focus-visible:outline-white"
                      >
                        <span aria-hidden="true">×</span>
                        <span className="sr-only">Remove {name}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )
          }
        />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end dark:border-slate-700">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSubmitting} loadingText={editing ? "Saving..." : "Posting..."}>
            {editing ? "Save Changes" : "Post"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
