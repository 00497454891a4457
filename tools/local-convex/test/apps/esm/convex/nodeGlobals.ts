"use node";
// The same globals in a "use node" action: Node's own (apps.test.ts).
/* eslint-disable @convex-dev/no-process-env -- process.env itself is under test here */
import { v } from "convex/values";
import { action } from "./_generated/server";

export const base64 = action({
  args: { text: v.string() },
  handler: async (_ctx, { text }) => ({
    base64: Buffer.from(text).toString("base64"),
    cwd: typeof process.cwd(),
    immediate: await new Promise<string>((resolve) => setImmediate(() => resolve("ran"))),
    greeting: process.env.LOCAL_CONVEX_GREETING ?? null,
  }),
});
