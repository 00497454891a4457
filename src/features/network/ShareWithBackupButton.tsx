import { useMutation } from "convex/react";
import { useState } from "react";
import { useSession } from "@/app/session";
import { Button, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { appErrorData } from "@/lib/errors";
import type { Id } from "@/features/jobs/ids";
import { NetworkCopy } from "./copy";

/**
 * "Share with my backup network" (professionals only): sends an open job to every member of the
 * viewer's backup network in one action (api.backup.shareJob) and says how many were told.
 */
export function ShareWithBackupButton({ jobId, className }: { jobId: Id<"jobs">; className?: string }) {
  const session = useSession();
  const share = useMutation(api.backup.shareJob);
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [sharedWith, setSharedWith] = useState<number | null>(null);
  if (session.status !== "signedIn" || session.viewer.userType !== "professional") return null;

  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await share({ jobId });
      setSharedWith(result.sharedWith);
      toast({ title: NetworkCopy.sharedTitle, description: NetworkCopy.shared(result.sharedWith), variant: "success" });
    } catch (error) {
      toast({
        title: NetworkCopy.errorTitle,
        description: appErrorData(error)?.message ?? NetworkCopy.shareFailed,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      className={className}
      loading={busy}
      loadingText="Sharing..."
      disabled={sharedWith !== null}
      onClick={() => void run()}
    >
      {sharedWith !== null ? "Shared with your backup network" : "Share with my backup network"}
    </Button>
  );
}
