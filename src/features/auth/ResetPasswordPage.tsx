import { useAuthActions } from "@convex-dev/auth/react";
import { useAction } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { ResetPasswordValues } from "@common/auth";
import { Messages } from "@common/errors";
import { useSession } from "@/app/session";
import { Alert, Button, PasswordField, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import { applyFieldErrors, ErrorCopies } from "@/lib/errors";
import { lazyResolver } from "@/lib/lazyResolver";
import { useErrorToast } from "@/lib/useErrorToast";
import { AuthLayout } from "./AuthLayout";

export const RESET_SUCCESS_MESSAGE = "Your password has been reset successfully! Redirecting to login...";
const REDIRECT_DELAY_MS = 2000;
const resolver = lazyResolver(() => import("./resolvers").then((m) => m.resetPasswordResolver));

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const session = useSession();
  const { signOut } = useAuthActions();
  const resetPassword = useAction(api.passwords.resetPassword);
  const navigate = useNavigate();
  const reportError = useErrorToast();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver,
    defaultValues: { password: "", confirmPassword: "" },
  });

  const submit = async (values: ResetPasswordValues) => {
    setFormError(null);
    try {
      await resetPassword({ token, newPassword: values.password });
    } catch (error) {
      const shown = reportError(error, ErrorCopies.resetPassword);
      setFormError(shown.inline);
      applyFieldErrors(shown.data, setError, ["password", "confirmPassword"]);
      return;
    }
    setDone(true);
    // The new password signs everyone out; make this browser's state match before /login.
    if (session.status === "signedIn") {
      try {
        await signOut();
      } catch {
        // Sessions were already invalidated on the server; nothing else to do.
      }
    }
    timer.current = window.setTimeout(() => navigate("/login", { replace: true }), REDIRECT_DELAY_MS);
  };

  const footer = (
    <p>
      <TextLink to="/login">
        <span aria-hidden="true">← </span>Back to Sign In
      </TextLink>
    </p>
  );

  if (!token) {
    return (
      <AuthLayout title="Reset Password" footer={footer}>
        <div className="space-y-4">
          <Alert variant="error" live="off">
            {Messages.invalidResetToken}
          </Alert>
          <p className="text-slate-700 dark:text-slate-200">
            Reset links expire after an hour and work once.{" "}
            <TextLink to="/forgot-password">Request a new reset link</TextLink>
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset Password" description="Choose a new password for your account." footer={footer}>
      {done ? (
        <Alert variant="success" live="polite">
          {RESET_SUCCESS_MESSAGE}
        </Alert>
      ) : (
        <form
          onSubmit={(event) => void handleSubmit(submit)(event)}
          onFocus={resolver.preload}
          noValidate
          className="space-y-5"
        >
          {formError && (
            <Alert variant="error">
              <p>{formError}</p>
              <p className="mt-1">
                <TextLink to="/forgot-password">Request a new reset link</TextLink>
              </p>
            </Alert>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            hint="At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character."
            error={errors.password?.message}
            {...register("password")}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...register("confirmPassword")}
          />
          <Button type="submit" fullWidth loading={isSubmitting} loadingText="Resetting...">
            Reset Password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
