// Demo Enterprise team: the seeded Enterprise business (seed/subscriptions.ts) with two active
// members and a pending invitation to the demo professional (pro@rafter.test), so a demo visitor
// can accept it under Account, act for the business and bid as it. Done through the team model's
// own steps (invite, accept), which check the plan, the seat count and each member's verified email.
import { v } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import { internalMutation } from "../functions";
import { acceptInvitation, canHaveTeam, inviteToTeam, liveSeatsOf } from "../model/teams";
import { isEmailVerified } from "../model/verification";
import { DEMO_ACCOUNTS } from "./data";

const DEMO_MEMBERS = 2;

export const insertDemoTeam = internalMutation({
  args: {},
  returns: v.object({ inserted: v.number() }),
  handler: async (ctx) => {
    const pros = await ctx.db
      .query("users")
      .withIndex("by_userType", (q) => q.eq("userType", "professional"))
      .take(80);
    const demoEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    const business = pros.find((u) => u.seeded && !demoEmails.has(u.email ?? "") && canHaveTeam(u));
    // No Enterprise demo plan yet, or a team from an earlier run.
    if (business === undefined || (await liveSeatsOf(ctx, business._id)).length > 0) return { inserted: 0 };
    const members: Doc<"users">[] = pros
      .filter(
        (u) =>
          u.seeded &&
          u._id !== business._id &&
          !demoEmails.has(u.email ?? "") &&
          isEmailVerified(u) &&
          (u.subscriptionTier ?? "basic") === "basic",
      )
      .slice(0, DEMO_MEMBERS);
    let inserted = 0;
    for (const member of members) {
      const seatId = await inviteToTeam(ctx, business, member.email!);
      await acceptInvitation(ctx, member, (await ctx.db.get("teamSeats", seatId))!);
      inserted += 1;
    }
    const demoPro = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", DEMO_ACCOUNTS[1]!.email))
      .first();
    if (demoPro !== null) {
      await inviteToTeam(ctx, business, demoPro.email!);
      inserted += 1;
    }
    return { inserted };
  },
});
