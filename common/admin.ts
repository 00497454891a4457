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
