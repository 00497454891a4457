// Demo data for the admin console's Suspicious Users and Cleanup tabs (issue 16): three accounts
// signed up from one documentation address (203.0.113.0/24), made by the auth library as sign-up
// makes them, scored by the app's own signal recorders (model/suspicion.ts): a spam-patterned email
// with links in its first post that the demo homeowner reports, a "Fake" name with an offensive
// post the screen flags (the cleanup preview's post), and a third account whose bot-decoy hit is
// logged through logSecurityEvent. On non-reserved domains (example.org), so the cleanup's
// `.test` protection does not apply: the preview has real work. Idempotent.
import { createAccount } from "@convex-dev/auth/server";
import type { WithoutSystemFields } from "convex/server";
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Doc } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { internalMutation } from "../functions";
import { fileReport } from "../model/moderation";
import { insertPost } from "../model/posts";
import { logSecurityEvent } from "../model/securityLog";
import { recordSignUp } from "../model/suspicion";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./data";

/** The documentation address the three signed up from ("many accounts from one source"). */
const SOURCE = "203.0.113.66";

export const DEMO_SUSPECTS = [
  {
    key: "spam",
    email: "spam-deals@example.org",
    firstName: "Cheap",
    lastName: "Followers",
    post: "Get 10k followers for your contracting page today at https://cheap-followers.example.org — DM me",
  },
  {
    key: "fake",
    email: "j.doe.reviews@example.org",
    firstName: "Fake",
    lastName: "Reviewer",
    post: "These contractors are shit, total fucking scammers, all of them",
  },
  { key: "decoy", email: "growth.partner@example.org", firstName: "Growth", lastName: "Partner", post: null },
] as const;

/** From seed/run:run (an action: createAccount hashes the password). */
export async function seedDemoSuspects(ctx: ActionCtx): Promise<number> {
  let created = 0;
  for (const suspect of DEMO_SUSPECTS) {
    if ((await ctx.runQuery(internal.seed.run.userByEmail, { email: suspect.email })) !== null) continue;
    const { user } = await createAccount(ctx, {
      provider: "password",
      account: { id: suspect.email, secret: DEMO_PASSWORD },
      profile: {
        email: suspect.email,
        name: `${suspect.firstName} ${suspect.lastName}`,
        firstName: suspect.firstName,
        lastName: suspect.lastName,
        userType: "homeowner",
        preferredContactMethod: "email",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        seeded: true,
      } satisfies WithoutSystemFields<Doc<"users">>,
      shouldLinkViaEmail: false,
      shouldLinkViaPhone: false,
    });
    await ctx.runMutation(internal.seed.suspicious.finishSuspect, { userId: user._id, key: suspect.key });
    created++;
  }
  return created;
}

export const finishSuspect = internalMutation({
  args: { userId: v.id("users"), key: v.string() },
  returns: v.null(),
  handler: async (ctx, { userId, key }) => {
    const suspect = DEMO_SUSPECTS.find((s) => s.key === key)!;
    await ctx.db.patch("users", userId, { termsAcceptedAt: Date.now(), loginAttempts: 0 });
    const user = (await ctx.db.get("users", userId))!;
    // As accounts.afterSignUp records a sign-up: the pattern, and the source.
    await recordSignUp(ctx, user, SOURCE);
    if (suspect.post !== null) {
      const postId = await insertPost(
        ctx,
        user,
        { content: suspect.post, category: "construction", media: [], mentionIds: [], seeded: true },
        { fanOut: false },
      );
      if (key === "spam") {
        const owner = await ctx.db
          .query("users")
          .withIndex("email", (q) => q.eq("email", DEMO_ACCOUNTS[0]!.email))
          .first();
        if (owner !== null) {
          await fileReport(ctx, {
            reporterId: owner._id,
            postId,
            reason: "spam",
            description: "Selling followers in the feed.",
          });
        }
      }
    }
    if (key === "decoy") {
      await logSecurityEvent(ctx, "decoy_filled", { identifier: suspect.email, details: `sign-in from ${SOURCE}` });
    }
    return null;
  },
});
