// The daily email digest (crons.ts): one email per member with the notifications that waited for
// it, then their flags are cleared. The run walks the pending index in pages, each its own
// mutation, so no transaction writes more than about PAGE_ROWS * 4 documents (a row's flag, and
// per member an email's three rows in the resend component), far under Convex's 16,000. It moves
// forward by member and never revisits one, so a notification that arrives mid-run waits for
// tomorrow rather than cutting the line. It starts where yesterday's first page ended and wraps
// around, so no member is always first in the mail queue. Each email is keyed by member and day:
// a run that repeats (a retried cron) enqueues nothing twice.
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { sendEmail } from "./emails/send";
import { digestEmail } from "./emails/templates";
import { internalMutation } from "./functions";
import { siteUrl } from "./model/tokens";

/** Pending notifications cleared per mutation. */
export const PAGE_ROWS = 500;
const ITEMS_PER_EMAIL = 50;

const vRun = v.object({
  /** The digest's day (UTC, YYYY-MM-DD): emails are keyed by it. */
  day: v.string(),
  /** Where the rotation starts: members after it first, then from the start up to it. */
  origin: v.optional(v.id("users")),
  /** Past the end: the part up to the origin. */
  wrapped: v.boolean(),
  /** The page resumes at this member (inclusive when they were left for the next page). */
  from: v.optional(v.object({ userId: v.id("users"), inclusive: v.boolean() })),
  /** The last member of the run's first page: tomorrow starts after them. */
  nextOrigin: v.optional(v.id("users")),
});
type Run = typeof vRun.type;

function pendingPage(ctx: MutationCtx, run: Run): Promise<Doc<"notifications">[]> {
  return ctx.db
    .query("notifications")
    .withIndex("by_digestPending_and_userId", (q) => {
      const pending = q.eq("digestPending", true);
      // Before the wrap: after the origin (or the resume point, which is past it).
      const lower = run.from ?? (run.wrapped || run.origin === undefined ? undefined : { userId: run.origin, inclusive: false });
      const bounded = lower === undefined ? pending : lower.inclusive ? pending.gte("userId", lower.userId) : pending.gt("userId", lower.userId);
      // After the wrap: up to the origin.
      return run.wrapped && run.origin !== undefined ? bounded.lte("userId", run.origin) : bounded;
    })
    .take(PAGE_ROWS);
}

async function digestFor(ctx: MutationCtx, userId: Id<"users">, rows: Doc<"notifications">[], day: string) {
  for (const row of rows) await ctx.db.patch("notifications", row._id, { digestPending: undefined });
  const user = await ctx.db.get("users", userId);
  // Read ones need no reminder.
  const unread = rows.filter((row) => !row.read);
  if (!user?.email || unread.length === 0) return;
  const items = unread.slice(0, ITEMS_PER_EMAIL).map((row) => ({ title: row.title, content: row.content }));
  await sendEmail(
    ctx,
    { to: user.email, ...digestEmail(user.firstName, items, `${siteUrl()}/notifications`), kind: "notification_digest" },
    { idempotencyKey: `digest:${day}:${userId}` },
  );
}

/** One page of the digest run; schedules the next until every pending notification is done. Returns the members it covered. */
export const send = internalMutation({
  args: { run: v.optional(vRun) },
  returns: v.number(),
  handler: async (ctx, args) => {
    const state = await ctx.db.query("notificationDigestState").first();
    const run: Run = args.run ?? { day: new Date().toISOString().slice(0, 10), origin: state?.startAfter, wrapped: state?.startAfter === undefined };
    const rows = await pendingPage(ctx, run);
    const full = rows.length === PAGE_ROWS;
    const byUser = new Map<Id<"users">, Doc<"notifications">[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    const users = [...byUser.keys()];
    // A full page may have cut its last member's rows short: they start the next page, unless they
    // fill the page alone (then their rest follows, and the day's key keeps it to one email).
    const deferred = full && users.length > 1 ? users.pop() : undefined;
    for (const userId of users) await digestFor(ctx, userId, byUser.get(userId)!, run.day);

    const last = deferred ?? users.at(-1);
    const nextOrigin = run.nextOrigin ?? users.at(-1);
    if (full && last !== undefined) {
      await ctx.scheduler.runAfter(0, internal.notificationDigest.send, {
        run: { ...run, from: { userId: last, inclusive: true }, ...(nextOrigin ? { nextOrigin } : {}) },
      });
    } else if (!run.wrapped) {
      await ctx.scheduler.runAfter(0, internal.notificationDigest.send, {
        run: { day: run.day, ...(run.origin ? { origin: run.origin } : {}), wrapped: true, ...(nextOrigin ? { nextOrigin } : {}) },
      });
    } else if (nextOrigin !== undefined) {
      // The run is over: tomorrow's starts where today's first page ended.
      if (state === null) await ctx.db.insert("notificationDigestState", { startAfter: nextOrigin });
      else await ctx.db.patch("notificationDigestState", state._id, { startAfter: nextOrigin });
    }
    return users.length;
  },
});
