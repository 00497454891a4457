import { useAuthActions } from "@convex-dev/auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { LoginValues } from "@common/auth";
import { inAppPath } from "@common/paths";
import { useAuthRedirectHold } from "@/app/session";
import { Alert, Button, PasswordField, TextLink, useToast } from "@/components/ui";
import { deviceId } from "@/lib/deviceId";
import { applyFieldErrors, ErrorCopies } from "@/lib/errors";
import { lazyResolver } from "@/lib/lazyResolver";
import { useErrorToast } from "@/lib/useErrorToast";
import { AuthLayout } from "./AuthLayout";
import { DecoyField } from "./DecoyField";
import { EmailField } from "./EmailField";

/** External identity providers configured for this build (none by default). */
function oauthProviders(): string[] {
  return (import.meta.env.VITE_OAUTH_PROVIDERS ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

function providerName(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

const resolver = lazyResolver(() => import("./resolvers").then((m) => m.loginResolver));

export function LoginPage() {
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where a page that asked for sign-in sends the member back to (?next=/subscribe): in-app paths only.
  const afterSignIn = inAppPath(params.get("next")) ?? "/";
  const { toast } = useToast();
  const reportError = useErrorToast();
  const { holdAuthRedirects } = useAuthRedirectHold();
  const [formError, setFormError] = useState<string | null>(null);
  const providers = oauthProviders();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver,
    defaultValues: { email: "", password: "", website: "" },
  });

  const submit = async (values: LoginValues) => {
    setFormError(null);
    const release = holdAuthRedirects();
    const device = deviceId();
    try {
      const result = await signIn("password", {
        flow: "signIn",
        email: values.email,
        password: values.password,
        website: values.website ?? "",
        // A device that signed in before is spared the slowdown others' failed guesses cause.
        ...(device ? { deviceId: device } : {}),
      });
      if (!result.signingIn) throw new Error("Sign-in did not complete");
      toast({ title: "Welcome Back!", variant: "success" });
      navigate(afterSignIn, { replace: true });
    } catch (error) {
      const shown = reportError(error, ErrorCopies.login);
      setFormError(shown.inline);
      applyFieldErrors(shown.data, setError, ["email", "password"]);
    } finally {
      release();
    }
  };

  return (
    <AuthLayout
      title="Sign In"
      description="Welcome back. Sign in to your Rafter account."
      footer={
        <p>
          Don't have an account? <TextLink to="/signup">Sign up</TextLink>
        </p>
      }
    >
      <form
        onSubmit={(event) => void handleSubmit(submit)(event)}
        onFocus={resolver.preload}
        noValidate
        className="relative space-y-5"
      >
        {formError && <Alert variant="error">{formError}</Alert>}
        <EmailField registration={register("email")} error={errors.email?.message} />
        <div className="space-y-2">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register("password")}
          />
          <p className="text-right text-sm">
            <TextLink to="/forgot-password">Forgot Password?</TextLink>
          </p>
        </div>
        <DecoyField registration={register("website")} />
        <Button type="submit" fullWidth loading={isSubmitting} loadingText="Signing in...">
          Sign In
        </Button>
      </form>
      {providers.length > 0 && (
        <div className="mt-6 space-y-3 border-t border-slate-200 pt-6 dark:border-slate-700">
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">Or sign in with an external account</p>
          {providers.map((provider) => (
            <Button
              key={provider}
              variant="secondary"
              fullWidth
              onClick={() => {
                void signIn(provider, { redirectTo: "/" }).catch((error: unknown) => {
                  reportError(error, ErrorCopies.login);
                });
              }}
            >
              Continue with {providerName(provider)}
            </Button>
          ))}
        </div>
      )}
    </AuthLayout>
  );
}
