import { verifyEmailFirst } from "@common/errors";
import { Alert, Button } from "@/components/ui";
import { useResendVerification } from "@/features/auth/useResendVerification";

/**
 * In place of 'Write a review' for a member whose email is not verified yet (the server refuses the
 * review with the same words): why, and a way to get a new link.
 */
export function VerifyToReview() {
  const { send, sending } = useResendVerification();
  return (
    <div className="space-y-3">
      <Alert variant="warning" live="off" title="Verify your email to write a review">
        {verifyEmailFirst("write a review")}
      </Alert>
      <Button variant="secondary" size="sm" loading={sending} loadingText="Sending..." onClick={() => void send()}>
        Resend verification email
      </Button>
    </div>
  );
}
