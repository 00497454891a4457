"use node";
// Node built-ins are allowed in "use node" files (actions only).
import { createHash } from "node:crypto";
import { v } from "convex/values";
import { action } from "./_generated/server";

export const sha256 = action({
  args: { text: v.string() },
  handler: async (_ctx, { text }) => createHash("sha256").update(text).digest("hex"),
});
