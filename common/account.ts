// Accounts: user types, password and lockout limits, and the account screens' copy. No zod here,
// so a page can show these before its form code loads; the schemas are in ./auth.ts.

export const USER_TYPES = ["professional", "homeowner"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const CONTACT_METHODS = ["email", "phone", "text"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: "Email",
  phone: "Phone call",
  text: "Text message",
};

export const PASSWORD_MIN_LENGTH = 12;
/** Longest password accepted (scrypt work stays bounded). */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest email address (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** Lockout: this many failed sign-ins in a row, for one email from one source (IP), lock that pair... */
export const MAX_FAILED_SIGN_INS = 5;
/** ...for this long. */
export const LOCKOUT_MS = 15 * 60 * 1000;
/**
 * Per-account slowdown against guessing from many sources (issue 29): once failed sign-ins for
 * one email from anywhere use up their allowance (RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT, a token
 * bucket refilling at that rate), each further failure makes devices that never signed in to the
 * account wait, doubling from the base to the cap. A device that signed in before is spared: only
 * its own lockout applies.
 */
export const SLOWDOWN_BASE_MS = 60 * 1000;
export const SLOWDOWN_MAX_MS = 15 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Emails are unique case-insensitively: stored and compared in this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What the reset flows answer (page and REST): the same for unknown emails. */
export const ResetCopy = {
  requested:
    "If an account exists with that email, you'll receive password reset instructions shortly. Please check your inbox and spam folder.",
  done: "Your password has been reset. Please sign in with your new password.",
} as const;

/** The Terms: "account data removed within 30 days of deletion". */
export const ACCOUNT_PURGE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export const SettingsCopy = {
  accountDeletedTitle: "Account deleted",
  accountDeleted: "Your account is deleted and you are signed out. Sign in within 30 days to restore it.",
  accountRestored: "Welcome back! Your account was restored: your profile is visible again.",
  passwordChanged: "Password changed. Other devices have been signed out.",
  wrongCurrentPassword: "Your current password is incorrect.",
  preferenceSaved: "Notification preferences saved",
} as const;
