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

export const BADGE_CAP = 99;
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export const NotificationCopy = {
  empty: "No notifications",
  loadFailed: "Failed to fetch notifications",
  allRead: "All notifications marked as read",
  deleted: "Notification deleted",
  notFound: "Notification not found",
} as const;
