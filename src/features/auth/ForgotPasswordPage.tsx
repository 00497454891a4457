import { useAction } from "convex/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ResetCopy } from "@common/account";
import type { ForgotPasswordValues } from "@common/auth";
import { Alert, Button, TextLink } from "@/components/ui";
import { api } from "@/lib/api";
import { applyFieldErrors, ErrorCopies } from "@/lib/errors";
import { lazyResolver } from "@/lib/lazyResolver";
import { useErrorToast } from "@/lib/useErrorToast";
import { AuthLayout } from "./AuthLayout";
import { DecoyField } from "./DecoyField";
import { EmailField } from "./EmailField";

export const RESET_REQUESTED_MESSAGE = ResetCopy.requested;

const resolver = lazyResolver(() => import("./resolvers").then((m) => m.forgotPasswordResolver));

export function ForgotPasswordPage() {
  const requestReset = useAction(api.passwords.requestReset);
  const reportError = useErrorToast();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver,
    defaultValues: { email: "", website: "" },
  });

  const submit = async (values: ForgotPasswordValues) => {
    setFormError(null);
    try {
      await requestReset({ email: values.email, website: values.website ?? "" });
      setSent(true);
    } catch (error) {
      const shown = reportError(error, ErrorCopies.forgotPassword);
      setFormError(shown.inline);
      applyFieldErrors(shown.data, setError, ["email"]);
    }
  };

  const footer = (
    <p>
      <TextLink to="/login">
        <span aria-hidden="true">← </span>Back to Sign In
      </TextLink>
    </p>
  );

  return (
    <AuthLayout
      title="Forgot Password"
      description="Enter the email address of your account and we'll send you a link to reset your password."
      footer={footer}
    >
      {sent ? (
        <div className="space-y-4">
          <Alert variant="success" live="polite">
            {RESET_REQUESTED_MESSAGE}
          </Alert>
          <Button variant="secondary" fullWidth onClick={() => setSent(false)}>
            Send another link
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(event) => void handleSubmit(submit)(event)}
          onFocus={resolver.preload}
          noValidate
          className="relative space-y-5"
        >
          {formError && <Alert variant="error">{formError}</Alert>}
          <EmailField registration={register("email")} error={errors.email?.message} />
          <DecoyField registration={register("website")} />
          <Button type="submit" fullWidth loading={isSubmitting} loadingText="Sending...">
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
