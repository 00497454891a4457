// Display helpers for jobs and bids (no React).
import type { FunctionReturnType } from "convex/server";
import { countText } from "@common/enText";
import { JOB_STATUS_LABELS, type JobStatus } from "@common/jobCatalog";
import type { api } from "@/lib/api";

export type JobCard = FunctionReturnType<typeof api.jobs.browse.list>["page"][number];
export type JobPageData = NonNullable<FunctionReturnType<typeof api.jobs.get>>;
export type BidView = JobPageData["bids"][number];
export type HistoryEntry = JobPageData["history"][number];

/** "in_progress" -> "in progress" (spec: underscore as space). */
export function statusLabel(status: string): string {
  return JOB_STATUS_LABELS[status as JobStatus] ?? status.replace(/_/g, " ");
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${countText(n)} ${n === 1 ? one : many}`;
}

/** "4.8 (12 reviews)". */
export function ratingText(rating: number, reviewCount: number): string {
  return `${rating.toFixed(1)} (${plural(reviewCount, "review")})`;
}

// Shared with the photographers' screen (features/photos).
export { distanceText } from "@/lib/distance";

/** Time from posting to the bid: "within 40 min", "within 2 h", "within 3 days". */
export function responseTimeText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `within ${minutes} min`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `within ${hours} h`;
  return `within ${Math.ceil(hours / 24)} days`;
}

/** "2026-05-04" -> "May 4, 2026" (a calendar day, so no time zone shift). */
export function dayText(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number);
  if (!y || !m || !d) return isoDay;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function dateTimeText(ms: number): string {
  return new Date(ms).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

export const PHOTO_STATUS_TEXT: Record<string, string> = {
  not_requested: "No photographer requested",
  requested: "Photographer requested, waiting for a photographer",
  scheduled: "Photographer booked",
  delivered: "Photos delivered",
};

export const BID_STATUS_TEXT: Record<string, string> = {
  active: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const CONTACT_METHOD_TEXT: Record<string, string> = { email: "Email", phone: "Phone", text: "Text message" };

/** One line per status-history event. */
export function historyText(entry: HistoryEntry): string {
  const from = entry.fromStatus ? statusLabel(entry.fromStatus) : null;
  const to = entry.toStatus ? statusLabel(entry.toStatus) : null;
  const detail = entry.detail ? ` (${entry.detail})` : "";
  const move = from && to ? `; job ${from} → ${to}` : "";
  switch (entry.kind) {
    case "status":
      if (!from && to === "available") return "Job posted";
      if (to) return `Status changed${from ? ` from ${from}` : ""} to ${to}${detail}`;
      return "Status changed";
    case "bid_placed":
      return `Bid placed${detail}${move}`;
    case "bid_updated":
      return `Bid updated${detail}`;
    case "bid_withdrawn":
      return `Bid withdrawn${move}`;
    case "bid_declined":
      return `Bid declined${move}`;
    case "marked_done":
      return "Work marked as done, waiting for the owner's confirmation";
    case "photos_scheduled":
      return "Photographer booked";
    case "photos_delivered":
      return "Photos delivered";
    case "photos_released":
      return "Photographer released; the photo request is open again";
    case "routed":
      return entry.detail ?? "Sent to matching professionals";
    default:
      return `${capitalize(entry.kind.replace(/_/g, " "))}${detail}`;
  }
}
