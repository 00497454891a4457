import { useMutation } from "convex/react";
import { useState } from "react";
import { useSession } from "@/app/session";
import { useToast } from "@/components/ui";
import { ActionButton } from "@/components/ui/ActionButton";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import { JobCopy } from "../copy";
import type { Id } from "../ids";

/**
 * "Share with my backup network" (professionals only): sends an open job to every member of the
 * viewer's backup network in one action (api.backup.shareJob) and says how many were told.
 */
export function ShareWithBackupButton({ jobId, className }: { jobId: Id<"jobs">; className?: string }) {
  const session = useSession();
  const share = useMutation(api.backup.shareJob);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [sharedWith, setSharedWith] = useState<number | null>(null);
  if (session.status !== "signedIn" || session.viewer.userType !== "professional") return null;

  const run = async () => {
    try {
      const result = await share({ jobId });
      setSharedWith(result.sharedWith);
      toast({ title: JobCopy.sharedTitle, description: JobCopy.shared(result.sharedWith), variant: "success" });
    } catch (error) {
      reportError(error, { title: JobCopy.actionFailedTitle, description: JobCopy.shareFailed });
    }
  };

  return (
    <ActionButton
      variant="secondary"
      className={className}
      busyLabel="Sharing..."
      disabled={sharedWith !== null}
      onRun={run}
    >
      {sharedWith !== null ? "Shared with your backup network" : "Share with my backup network"}
    </ActionButton>
  );
}
