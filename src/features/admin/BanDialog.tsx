import type { ReactNode } from "react";
import { AdminCopy } from "@common/admin";
import { useToast } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useErrorToast } from "@/lib/useErrorToast";

/**
 * "Ban {name}?" behind a confirmation, for every tab that bans (Moderation, Suspicious Users): the
 * ban runs on confirm, and its toast (or the failure's) is the spec's.
 */
export function BanDialog({
  open,
  onClose,
  name,
  ban,
  bannedMessage,
  children,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
  ban: () => Promise<unknown>;
  /** The success toast's description. */
  bannedMessage: string;
  /** What the ban does, in the tab's words. */
  children: ReactNode;
}) {
  const { toast } = useToast();
  const showError = useErrorToast();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Ban ${name}?`}
      confirmLabel="Ban user"
      busyLabel="Banning..."
      cancelLabel="Cancel"
      variant="danger"
      onConfirm={async () => {
        try {
          await ban();
          toast({ title: AdminCopy.bannedTitle, description: bannedMessage, variant: "success" });
        } catch (error) {
          showError(error, { title: AdminCopy.banFailedTitle, description: AdminCopy.banFailed });
        }
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
