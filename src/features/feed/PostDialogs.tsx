import { useMutation } from "convex/react";
import { SocialCopy } from "@common/socialCatalog";
import { useToast } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";
import { PostForm } from "./PostForm";
import type { PostView } from "./format";

// The author's Edit and Delete of a post: loaded when first opened (lazyParts.ts), so a reader's
// feed does not carry the form code.

export function EditPostDialog({ post, onClose }: { post: PostView; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Edit Post" size="lg">
      <PostForm editing={post} onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}

export function DeletePostDialog({
  postId,
  onClose,
  onDeleted,
}: {
  postId: Id<"posts">;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useMutation(api.social.posts.remove);
  const { toast } = useToast();
  const showError = useErrorToast();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="Delete post?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      variant="danger"
      onConfirm={async () => {
        try {
          await remove({ postId });
          toast({ title: SocialCopy.deleted, variant: "success" });
          onDeleted?.();
        } catch (error) {
          showError(error, { title: SocialCopy.deleteFailed, description: "Please try again." });
        }
      }}
    >
      {SocialCopy.deleteConfirm}
    </ConfirmDialog>
  );
}
