// Error codes the server throws as ConvexError({ code, message }); the client
// shows `message` (the spec's words) and may branch on `code`.
export const ErrorCode = {
  NOT_AUTHENTICATED: "NOT_AUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  INVALID_INPUT: "INVALID_INPUT",
  NOT_FOUND: "NOT_FOUND",
  EMAIL_TAKEN: "EMAIL_TAKEN",
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  ACCOUNT_LOCKED: "ACCOUNT_LOCKED",
  RATE_LIMITED: "RATE_LIMITED",
  INVALID_TOKEN: "INVALID_TOKEN",
  /** The member must verify their email first (reviews, referral points; later posts and payments). */
  EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface AppErrorData {
  code: ErrorCode;
  message: string;
  /** Field-level messages for forms, keyed by field name. */
  fields?: Record<string, string>;
  /** For ACCOUNT_LOCKED and RATE_LIMITED: when to try again (ms since epoch). */
  retryAt?: number;
}

export const Messages = {
  loginFailedTitle: "Login Failed",
  loginFailed: "Please check your credentials and try again.",
  registrationFailedTitle: "Registration Failed",
  registrationFailed: "Registration failed",
  emailTaken: "An account with this email already exists. Sign in or reset your password.",
  /** Sign-up with an address that has an account: neutral, the owner is emailed (no account enumeration). */
  signUpCheckEmail:
    "We couldn't create an account with these details. If you already have a Rafter account, we've emailed you how to sign in.",
  requestFailedTitle: "Request Failed",
  requestFailed: "Please try again later.",
  unknownTimeZone: "Unknown time zone: use an IANA name such as America/Chicago.",
  resetFailedTitle: "Reset Failed",
  resetFailed: "Please request a new password reset link.",
  invalidResetToken: "Invalid or missing reset token",
  setupFailedTitle: "Setup Failed",
  setupFailed: "Failed to complete profile setup",
  notAuthenticated: "Please sign in to continue.",
  forbidden: "You don't have permission to do that.",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  // Uploads (convex/model/files.ts).
  fileNotYours: "That file belongs to someone else.",
  fileInUse: "That file is already in use. Please upload it again.",
  uploadMissing: "The upload was not found. Please try again.",
  fileType: "That type of file can't be used here.",
  fileTooLarge: "That file is too large.",
  unknownUploadPurpose: "Unknown upload purpose.",
} as const;

/** Why an unverified member can't do something yet, e.g. verifyEmailFirst("write a review"). */
export function verifyEmailFirst(action: string): string {
  return `Please verify your email address to ${action}. Open the link we emailed you, or send a new one.`;
}

/** "Try again after 3:45 PM" style message for a lockout ending at `until`. */
export function lockoutMessage(until: number): string {
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
  return `Too many failed sign-in attempts. Your account is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}; try again after that or reset your password.`;
}

/** A sign-in refused while the account is slowed down (too many failures for it from anywhere). */
export function slowdownMessage(until: number): string {
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
  return `Too many failed sign-in attempts on this account. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`;
}

/** Settings' current-password check (change password, delete account) after too many wrong passwords. */
export function passwordChecksLockedMessage(until: number): string {
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
  return `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`;
}

/** A member action over its rate limit (comments, follows, edits, reports, scrap claims): when it opens again. */
export function tooOftenMessage(retryAt: number): string {
  const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60000));
  return `You're doing that too often. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
