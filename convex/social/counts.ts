// The scheduled copies of shared counts (model/counters.ts SHOWN_COUNT_REFRESH_MS): a row that
// shows or ranks by a count many members move (a tag's day, a collapsed like notification) is
// rewritten here once per interval, never by each of those members' mutations.
import { v } from "convex/values";
import { internalMutation } from "../functions";
import { syncTagDayRow } from "../model/posts";
import { refreshLikeNoticeRow } from "../model/socialNotifications";

/** A tag's day count onto the row trending ranks by. */
export const syncTagDay = internalMutation({
  args: { dayId: v.id("hashtagDays") },
  returns: v.null(),
  handler: async (ctx, { dayId }) => {
    await syncTagDayRow(ctx, dayId);
    return null;
  },
});

/** A collapsed like notification's count and named liker. */
export const refreshLikeNotice = internalMutation({
  args: { notificationId: v.id("notifications") },
  returns: v.null(),
  handler: async (ctx, { notificationId }) => {
    await refreshLikeNoticeRow(ctx, notificationId);
    return null;
  },
});
