// The admin console's words (spec §8 Admin) and the queue's shared rules.

export const AdminCopy = {
  bannedTitle: "User Banned",
  banned: "User has been banned and post deleted successfully.",
  banFailedTitle: "Error",
  banFailed: "Failed to ban user.",
  /** Sign-in refused for a banned member. */
  suspended: "This account has been suspended. Contact support if you think this is a mistake.",
  noReports: "No reports",
  reportNotFound: "This report no longer exists.",
  postNotFound: "This post no longer exists.",
  contentGone: "The reported content no longer exists.",
  cannotBanAdmin: "An administrator can't be banned here.",
  /** An admin deciding about themselves: their own content, account or payment. */
  ownCase: "You can't decide your own case: another admin must.",
  warnTitle: "A warning from Rafter's moderators",
  warnContent: (what: string) =>
    `Your ${what} was reported and reviewed by our moderators. Please keep to the community guidelines; repeated breaches lead to a ban.`,
  notesTooLong: "Notes must be 500 characters or fewer.",
} as const;

export const PREVIEW_LENGTH = 80;
export const NOTES_MAX = 500;

/** The first 80 characters (spec §9), with an ellipsis when cut. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= PREVIEW_LENGTH ? flat : `${flat.slice(0, PREVIEW_LENGTH - 1)}…`;
}

export type RiskLevel = "high" | "medium" | "low";

/**
 * From the screen's confidence that the content is fine (1 when a moderator approved it or it
 * was never screened) and the open reports against it: either alone can raise the level.
 */
export function riskLevel(confidence: number, openReports: number): RiskLevel {
  if (confidence < 0.5 || openReports >= 3) return "high";
  if (confidence < 0.8 || openReports >= 2) return "medium";
  return "low";
}

// ---- Suspicious Users and Cleanup (spec §2 Admin, §8, §9) ----

export const ConsoleCopy = {
  cleanupTitle: "Cleanup Complete",
  /** Spec §8: 'Cleanup Complete: Deleted {n} users and {n} posts.' (the preview reads the same without the stop). */
  deleted: (users: number, posts: number) => `Deleted ${users} users and ${posts} posts`,
  cleanupFailedTitle: "Cleanup Failed",
  cleanupFailed: "Failed to perform cleanup.",
  loadUsersFailed: (message: string) => `Error loading users: ${message}`,
  noSuspects: "No suspicious users",
  nothingToClean: "Nothing to clean up",
  cleared: "Cleared",
  unbanned: "User unbanned",
  restored: "Restored",
  /** A post's media are deleted when the cleanup removes it (their URLs would stay public): only its text comes back. */
  postMediaDeleted: "Its photos and videos were deleted when it was removed; only the text is back.",
  mediaGoAtOnce: "A removed post's photos and videos are deleted at once and can't be brought back.",
  cannotCleanAdmin: "An administrator is never cleaned up.",
  userNotFound: "This member no longer exists.",
  notBanned: "This member is not banned.",
  notRemoved: "This was already restored or purged.",
  purged: "The restore window has passed: this was purged.",
  scheduledTitle: "Nightly cleanup check",
  /** The nightly run removes nothing (issue 29): it flags, and an admin decides. */
  scheduledContent: (users: number, posts: number) =>
    `The nightly check flagged ${users} members and found ${posts} posts that meet the cleanup rules. Nothing was removed: review the members in Suspicious Users, then preview and confirm a cleanup in Admin → Cleanup.`,
} as const;

/**
 * The spec's cleanup pattern: "test", "fake" or "spam" as a whole token of an email or name, never
 * a prefix or part of a word: real people are called Testa, Tester and Spampinato and work at
 * testlabs.com (issue 29). A name's tokens are its words, split on anything not a letter ("Test
 * User", "Fake-Name"); an email's are the words of its local part and of each domain label, split
 * on `.`, `_`, `-`, `+`, digits and any other non-letter ("fake.account@", "spam-deals@",
 * "test123@", "x@test.example.com"). Case is ignored. The reserved `.test` top-level domain of
 * the local demo accounts is not a signal.
 */
const PATTERN_WORDS: readonly string[] = ["test", "fake", "spam"];

/** The lower-case tokens of a name or email (see above). */
export function patternTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

export function suspiciousPattern(fields: {
  email?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
}): string | null {
  const email = (fields.email ?? "").toLowerCase().replace(/\.test$/, "");
  const name = [fields.firstName, fields.lastName, fields.name].filter(Boolean).join(" ");
  const inEmail = patternTokens(email).find((t) => PATTERN_WORDS.includes(t));
  if (inEmail) return `“${inEmail}” in the email`;
  const inName = patternTokens(name).find((t) => PATTERN_WORDS.includes(t));
  return inName ? `“${inName}” in the name` : null;
}

/** Accounts signed up from one source (client address) that count as "many". */
export const MANY_ACCOUNTS_FROM_ONE_SOURCE = 3;
/** A member's first this-many posts are checked for links. */
export const FIRST_POSTS = 3;

/** What each recorded signal adds to a member's score (spec §2 Suspicious Users), and how it reads. */
export const SIGNALS = {
  pattern: { weight: 30, label: "Test/fake/spam pattern in email or name", max: 1 },
  reported: { weight: 10, label: "Reports against their content", max: 10 },
  decoy: { weight: 25, label: "Filled the bot decoy field", max: 4 },
  lockout: { weight: 15, label: "Locked out after failed sign-ins", max: 4 },
  rateLimited: { weight: 5, label: "Hit a rate limit", max: 10 },
  sharedSource: { weight: 20, label: "Many accounts from one source", max: 1 },
  firstPostLinks: { weight: 15, label: "Links in a first post", max: FIRST_POSTS },
  /** Recorded by the nightly check only: it flags for an admin, never removes (issue 29). */
  cleanupMatch: { weight: 20, label: "Meets the cleanup rules (nightly check)", max: 1 },
} as const;

export type SignalKind = keyof typeof SIGNALS;
export const SIGNAL_KINDS = Object.keys(SIGNALS) as SignalKind[];

/** The score of a set of signal counts: each kind's weight per occurrence, up to its cap. */
export function suspicionScore(signals: Partial<Record<string, number>>): number {
  let score = 0;
  for (const kind of SIGNAL_KINDS) score += SIGNALS[kind].weight * Math.min(signals[kind] ?? 0, SIGNALS[kind].max);
  return score;
}

/** Posts the cleanup takes: flagged by the screen as offensive ("inappropriate"), or screened under 50 % confidence. */
export const CLEANUP_CONFIDENCE_BELOW = 0.5;
/** Days a cleanup stays restorable before the scheduler purges it. */
export const CLEANUP_RESTORE_DAYS = 30;
