// Account settings (the /settings screen and the REST auth rows): sign out of
// this device, change password, and delete the account. Sessions end through
// model/sessions.ts, so a revoked token stops working at once.
import { v } from "convex/values";
import { mutation } from "./functions";
import { currentSessionId, endSession } from "./model/sessions";

/** Ends the caller's session (this device): its token and refresh tokens stop working. */
export const signOut = mutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    ctx.viewerX();
    const sessionId = await currentSessionId(ctx);
    if (sessionId !== null) await endSession(ctx, sessionId);
    return null;
  },
});
