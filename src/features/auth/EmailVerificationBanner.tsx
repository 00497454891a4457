import { Button } from "@/components/ui";
import type { Viewer } from "@/app/session";
import { useResendVerification } from "./useResendVerification";

/** For signed-in users whose email is not verified yet. */
export function EmailVerificationBanner({ viewer }: { viewer: Viewer }) {
  const { send, sending } = useResendVerification();
  if (viewer.emailVerified) return null;
  return (
    <section
      aria-labelledby="verify-email-heading"
      className="flex flex-col gap-3 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="space-y-1">
        <h2 id="verify-email-heading" className="font-semibold">
          Please verify your email address
        </h2>
        <p className="text-sm">
          We sent a verification link to <strong className="break-all">{viewer.email}</strong>. Check your inbox (and
          spam folder) and click the link to verify your account.
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={sending}
        loadingText="Sending..."
        onClick={() => void send()}
        className="shrink-0"
      >
        Resend verification email
      </Button>
    </section>
  );
}
