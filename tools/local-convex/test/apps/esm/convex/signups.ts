import { zCustomMutation } from "convex-helpers/server/zod4";
import { NoOp } from "convex-helpers/server/customFunctions";
import { z } from "zod";
import { mutation } from "./_generated/server";

const zMutation = zCustomMutation(mutation, NoOp);

export const signUp = zMutation({
  args: { email: z.string().email(), age: z.number().int().min(13) },
  handler: async (ctx, args) => ctx.db.insert("signups", args),
});
