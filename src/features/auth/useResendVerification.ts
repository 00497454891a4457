import { useAction } from "convex/react";
import { useCallback, useState } from "react";
import { useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { ErrorCopies } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";

/** Resends the verification email for the signed-in user, with toasts and a busy flag. */
export function useResendVerification() {
  const resend = useAction(api.emailVerification.resend);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [sending, setSending] = useState(false);

  const send = useCallback(async () => {
    setSending(true);
    try {
      await resend({});
      toast({
        title: "Verification email sent",
        description: "Check your inbox (and spam folder) for the new link.",
        variant: "success",
      });
    } catch (error) {
      reportError(error, ErrorCopies.resendVerification);
    } finally {
      setSending(false);
    }
  }, [resend, toast, reportError]);

  return { send, sending };
}
