// Notification kinds, the tabs of /notifications and the spec's copy (§2, §3, §8).
export const GENERAL_TYPES = ["message", "job", "connection", "review", "system"] as const;
export const SOCIAL_TYPES = ["like", "comment", "follow", "mention", "share", "post_featured"] as const;
export type NotificationType = (typeof GENERAL_TYPES)[number] | (typeof SOCIAL_TYPES)[number];

/** The tabs of /notifications and the kinds each shows (Network also holds follows). */
export const NOTIFICATION_TABS = [
  { value: "all", label: "All", types: null },
  { value: "messages", label: "Messages", types: ["message"] },
  { value: "jobs", label: "Jobs", types: ["job"] },
  { value: "network", label: "Network", types: ["connection", "follow"] },
  { value: "reviews", label: "Reviews", types: ["review"] },
  { value: "system", label: "System", types: ["system"] },
] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number]["value"];

export const NotificationCopy = {
  empty: "No notifications",
  loadFailed: "Failed to fetch notifications",
  allRead: "All notifications marked as read",
  deleted: "Notification deleted",
  notFound: "Notification not found",
} as const;

/** How a kind of notification reaches the user by email (spec §3 notificationPreferences). */
export const EMAIL_MODES = [
  { value: "email", label: "Email me right away" },
  { value: "digest", label: "Daily digest" },
  { value: "off", label: "Off" },
] as const;
export type EmailMode = (typeof EMAIL_MODES)[number]["value"];
/** The kinds a user sets a preference for; social kinds share one. */
export const PREFERENCE_KINDS = [
  { value: "message", label: "Messages" },
  { value: "job", label: "Jobs and bids" },
  { value: "connection", label: "Network" },
  { value: "review", label: "Reviews" },
  { value: "system", label: "Account and system" },
  { value: "social", label: "Likes, comments and follows" },
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number]["value"];
export type NotificationPreferences = Record<PreferenceKind, EmailMode>;
/** Defaults: what needs action now by email; chatter in the digest; social off. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  message: "digest",
  job: "email",
  connection: "digest",
  review: "email",
  system: "email",
  social: "off",
};
export function preferenceKindOf(type: NotificationType): PreferenceKind {
  return (GENERAL_TYPES as readonly string[]).includes(type) ? (type as PreferenceKind) : "social";
}
export function preferencesOf(stored: Partial<Record<string, string>> | undefined): NotificationPreferences {
  const out = { ...DEFAULT_PREFERENCES };
  for (const kind of PREFERENCE_KINDS) {
    const mode = stored?.[kind.value];
    if (EMAIL_MODES.some((m) => m.value === mode)) out[kind.value] = mode as EmailMode;
  }
  return out;
}
