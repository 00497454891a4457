// Scheduled jobs. Each calls an internal function (STYLE rule 6).
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Promotions end at their deadline through the job `promotions:upsert` schedules; this daily
// pass catches one that was missed (e.g. a row edited by hand in the dashboard).
crons.daily("expire past promotions", { hourUTC: 5, minuteUTC: 5 }, internal.promotions.expireDue, {});

// Notifications whose kind the user set to "daily digest" go out once a day (14:00 UTC: morning in the US).
crons.daily("notification digests", { hourUTC: 14, minuteUTC: 0 }, internal.notificationDigest.send, {});
// The email queue (the resend component) forgets emails past their retention (emails/send.ts).
crons.daily("prune sent emails", { hourUTC: 4, minuteUTC: 50 }, internal.emails.send.cleanup, {});

// Uploads never attached within 24 hours are deleted (convex/files.ts); hourly, bounded batches.
crons.hourly("sweep orphaned uploads", { minuteUTC: 17 }, internal.files.sweepOrphans, {});

// Rate limiter rows over a week old and security logs past retention (convex/maintenance.ts).
crons.daily("prune rate limits", { hourUTC: 4, minuteUTC: 20 }, internal.maintenance.pruneRateLimitRows, {});
crons.daily("prune security logs", { hourUTC: 4, minuteUTC: 40 }, internal.maintenance.pruneSecurityLogRows, {});
// Sessions end at their expiry by being deleted (model/sessions.ts): the check in every query reads
// no clock, so a minute here is how late an expired session may still be used.
crons.interval("end expired sessions", { minutes: 1 }, internal.maintenance.endExpiredSessionRows, {});

// Accounts deleted over 30 days ago are purged (convex/accountDeletion.ts; the Terms' 30 days).
crons.daily("purge deleted accounts", { hourUTC: 3, minuteUTC: 30 }, internal.accountDeletion.purgeDue, {});

// Scrap listings expire and pickup holds end through the scheduler (convex/scrap.ts); this catches a missed run.
crons.hourly("scrap listings due", { minuteUTC: 41 }, internal.scrap.sweepDue, {});

// Credentials expire at their date and are reminded 30 days before through jobs scheduled at
// approval (model/credentials.ts); these passes catch a missed run. Document links expire in minutes.
crons.hourly("credentials due", { minuteUTC: 7 }, internal.credentials.expireDue, {});
crons.daily("credential reminders", { hourUTC: 15, minuteUTC: 10 }, internal.credentials.remindDue, {});
crons.hourly("prune document links", { minuteUTC: 52 }, internal.credentials.pruneTickets, {});
// The nightly cleanup (issue 16; convex/admin/cleanup.ts): the spec's cleanup rules in bounded
// batches, its report in Admin → Cleanup, admins notified; then runs past 30 days are purged.
crons.daily("nightly cleanup", { hourUTC: 3, minuteUTC: 50 }, internal.admin.cleanup.nightly, {});
// Released payments waiting for a professional's payout account: a daily reminder, a week at most
// (convex/payments/jobs.ts); it also sends the transfers of an account enabled by an event missed.
crons.daily("payout reminders", { hourUTC: 15, minuteUTC: 30 }, internal.payments.jobs.remindWaitingPayouts, {});

// Payments whose review window ended are released by the autoRelease submitCompletion schedules;
// this pass releases one whose scheduled run failed or never came (payments/jobs.ts releaseDue).
crons.hourly("release payments past their review window", { minuteUTC: 23 }, internal.payments.jobs.releaseDue, {});

// Lead insights: past days' sharded counts folded into their proDailyStats rows (convex/insights.ts).
crons.daily("settle lead insight days", { hourUTC: 0, minuteUTC: 25 }, internal.insights.settleDays, {});

export default crons;
