// Scheduled jobs. Each calls an internal function (STYLE rule 6).
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Promotions end at their deadline through the job `promotions:upsert` schedules; this daily
// pass catches one that was missed (e.g. a row edited by hand in the dashboard).
crons.daily("expire past promotions", { hourUTC: 5, minuteUTC: 5 }, internal.promotions.expireDue, {});

// Notifications whose kind the user set to "daily digest" go out once a day (14:00 UTC: morning in the US).
crons.daily("notification digests", { hourUTC: 14, minuteUTC: 0 }, internal.notificationDigest.send, {});

export default crons;
