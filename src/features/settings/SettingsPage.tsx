import { zodResolver } from "@hookform/resolvers/zod";
import { useAction, useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { changePasswordSchema, deleteAccountSchema, SettingsCopy, type ChangePasswordValues } from "@common/auth";
import { EMAIL_MODES, PREFERENCE_KINDS, type EmailMode, type PreferenceKind } from "@common/notifications";
import { useLogout } from "@/app/useLogout";
import { useViewer } from "@/app/session";
import { CredentialsSection } from "./CredentialsSection";
import { MyTeamCard, TeamSection } from "@/features/teams/TeamSection";
import { Alert, Button, Card, PasswordField, Select, Spinner } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorState, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { useToast } from "@/components/ui/Toast";
import { api } from "@/lib/api";
import { applyFieldErrors, toUserError } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import { usePageTitle } from "@/lib/usePageTitle";

const sectionTitle = "text-lg font-semibold text-slate-900 dark:text-white";
const sectionText = "mt-1 text-sm text-slate-600 dark:text-slate-300";

/** /settings ("Account" in the user menu): change password, email notification preferences, delete account. */
export function SettingsPage() {
  usePageTitle("Account");
  const viewer = useViewer();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Account</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Your password, how Rafter emails you, and your account.</p>
      </header>
      <QueryErrorBoundary fallback={(retry) => <ErrorState message="Your team could not be loaded." onRetry={retry} />}>
        <MyTeamCard />
      </QueryErrorBoundary>
      <ChangePasswordSection />
      {viewer.userType === "professional" && (
        <QueryErrorBoundary
          fallback={(retry) => <ErrorState message="Your credentials could not be loaded." onRetry={retry} />}
        >
          <CredentialsSection />
        </QueryErrorBoundary>
      )}
      {viewer.userType === "professional" && (
        <QueryErrorBoundary fallback={(retry) => <ErrorState message="Your team could not be loaded." onRetry={retry} />}>
          <TeamSection />
        </QueryErrorBoundary>
      )}
      <QueryErrorBoundary fallback={(retry) => <ErrorState message="Failed to fetch notifications" onRetry={retry} />}>
        <NotificationPreferencesSection />
      </QueryErrorBoundary>
      <DeleteAccountSection />
    </div>
  );
}

function ChangePasswordSection() {
  const changePassword = useAction(api.settings.changePassword);
  const reportError = useErrorToast();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const submit = async (values: ChangePasswordValues) => {
    setDone(false);
    try {
      await changePassword(values);
    } catch (error) {
      const shown = reportError(error, { title: "Password not changed", description: "Please try again." });
      applyFieldErrors(shown.data, setError, ["currentPassword", "newPassword", "confirmPassword"]);
      return;
    }
    reset();
    setDone(true);
  };

  return (
    <Card as="section" aria-labelledby="password-heading" className="p-4 sm:p-6">
      <h2 id="password-heading" className={sectionTitle}>
        Change password
      </h2>
      <p className={sectionText}>Changing it signs you out on every other device, and we email you that it changed.</p>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="mt-4 space-y-4">
        {done && (
          <Alert variant="success" live="polite">
            {SettingsCopy.passwordChanged}
          </Alert>
        )}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint="At least 12 characters with upper and lower case letters, a number and one of !@#$%^&*"
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing password..." : "Change password"}
        </Button>
      </form>
    </Card>
  );
}

function NotificationPreferencesSection() {
  const preferences = useQuery(api.notifications.preferences, {});
  const setPreference = useMutation(api.notifications.setPreference).withOptimisticUpdate((store, { kind, mode }) => {
    const current = store.getQuery(api.notifications.preferences, {});
    if (current) store.setQuery(api.notifications.preferences, {}, { ...current, [kind]: mode });
  });
  const { toast } = useToast();
  const reportError = useErrorToast();

  const change = async (kind: PreferenceKind, mode: EmailMode) => {
    try {
      await setPreference({ kind, mode });
      toast({ title: SettingsCopy.preferenceSaved, variant: "success" });
    } catch (error) {
      reportError(error, { title: "Preferences not saved", description: "Please try again." });
    }
  };

  return (
    <Card as="section" aria-labelledby="notifications-heading" className="p-4 sm:p-6">
      <h2 id="notifications-heading" className={sectionTitle}>
        Email notifications
      </h2>
      <p className={sectionText}>
        For each kind: an email right away, one daily digest, or none. You always see notifications in the app.
      </p>
      {preferences === undefined ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading your preferences..." className="size-6" />
        </div>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {PREFERENCE_KINDS.map((kind) => (
            <Select
              key={kind.value}
              label={kind.label}
              options={EMAIL_MODES}
              value={preferences[kind.value]}
              onChange={(event) => void change(kind.value, event.target.value as EmailMode)}
            />
          ))}
        </div>
      )}
    </Card>
  );
}

function DeleteAccountSection() {
  const deleteAccount = useAction(api.accountDeletion.deleteAccount);
  const logout = useLogout();
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setOpen(false);
    setPassword("");
    setError(undefined);
  };

  /** False keeps the dialog open with the password's message. */
  const confirm = async (): Promise<boolean> => {
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return false;
    }
    try {
      await deleteAccount(parsed.data);
    } catch (failure) {
      const shown = toUserError(failure, { title: "Account not deleted", description: "Please try again." });
      if (shown.data?.fields?.password) {
        setError(shown.data.fields.password);
        return false;
      }
      reportError(failure, { title: "Account not deleted", description: "Please try again." });
      return true;
    }
    toast({ title: SettingsCopy.accountDeletedTitle, description: SettingsCopy.accountDeleted, variant: "success" });
    await logout();
    return true;
  };

  return (
    <Card as="section" aria-labelledby="delete-heading" className="p-4 sm:p-6">
      <h2 id="delete-heading" className={sectionTitle}>
        Delete account
      </h2>
      <p className={sectionText}>
        You are signed out everywhere and other members no longer see your profile, jobs, bids or reviews. Open jobs
        are cancelled and active bids withdrawn. Sign in within 30 days to restore your account; after that its data
        is removed for good.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        title="Delete your account?"
        confirmLabel="Delete account"
        busyLabel="Deleting..."
        cancelLabel="Keep my account"
        variant="danger"
        onConfirm={confirm}
      >
        <div className="space-y-4">
          <p>Enter your current password to confirm. You can restore the account by signing in within 30 days.</p>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}
