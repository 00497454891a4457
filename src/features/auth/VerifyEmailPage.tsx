import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useSession } from "@/app/session";
import { Alert, Button, ButtonLink, Spinner } from "@/components/ui";
import { api } from "@/lib/api";
import { ErrorCopies, toUserError } from "@/lib/errors";
import { AuthLayout } from "./AuthLayout";
import { useResendVerification } from "./useResendVerification";

export const EMAIL_VERIFIED_MESSAGE = "Your email address is verified.";
const MISSING_TOKEN_MESSAGE = "This verification link is incomplete. Open the link from your email again.";

type State = { status: "verifying" } | { status: "verified" } | { status: "failed"; message: string };

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const verify = useMutation(api.emailVerification.verify);
  const session = useSession();
  const { send, sending } = useResendVerification();
  const [state, setState] = useState<State>(() =>
    token ? { status: "verifying" } : { status: "failed", message: MISSING_TOKEN_MESSAGE },
  );
  // The mutation runs once per token, even under StrictMode's double effects.
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!token || attempted.current === token) return;
    attempted.current = token;
    setState({ status: "verifying" });
    verify({ token })
      .then(() => setState({ status: "verified" }))
      .catch((error: unknown) => {
        setState({ status: "failed", message: toUserError(error, ErrorCopies.verifyEmail).description });
      });
  }, [token, verify]);

  const signedIn = session.status === "signedIn";

  return (
    <AuthLayout title="Verify Email">
      {state.status === "verifying" && (
        <div role="status" className="flex items-center gap-3 text-slate-700 dark:text-slate-200">
          <Spinner className="size-5" />
          Verifying your email address...
        </div>
      )}
      {state.status === "verified" && (
        <div className="space-y-5">
          <Alert variant="success" live="polite">
            {EMAIL_VERIFIED_MESSAGE}
          </Alert>
          {signedIn ? (
            <ButtonLink to="/" fullWidth>
              Go to your dashboard
            </ButtonLink>
          ) : session.status === "signedOut" ? (
            <ButtonLink to="/login" fullWidth>
              Sign In
            </ButtonLink>
          ) : null}
        </div>
      )}
      {state.status === "failed" && (
        <div className="space-y-5">
          <Alert variant="error">{state.message}</Alert>
          {signedIn ? (
            session.viewer.emailVerified ? (
              <ButtonLink to="/" fullWidth>
                Go to your dashboard
              </ButtonLink>
            ) : (
              <Button fullWidth loading={sending} loadingText="Sending..." onClick={() => void send()}>
                Resend verification email
              </Button>
            )
          ) : session.status === "signedOut" ? (
            <div className="space-y-3">
              <p className="text-slate-700 dark:text-slate-200">Sign in to request a new verification link.</p>
              <ButtonLink to="/login" variant="secondary" fullWidth>
                Sign In
              </ButtonLink>
            </div>
          ) : null}
        </div>
      )}
    </AuthLayout>
  );
}
