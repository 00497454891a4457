// Globals as Convex's default runtime has them (apps.test.ts): none of Node's
// own (Buffer, global, setImmediate...), a `process` with only `env`, `self`.
/* eslint-disable @convex-dev/no-process-env -- process.env itself is under test here */
import { v } from "convex/values";
import { query } from "./_generated/server";

export const base64 = query({
  args: { text: v.string() },
  handler: async (_ctx, { text }) => Buffer.from(text).toString("base64"),
});

// What works there instead.
export const base64Web = query({
  args: { text: v.string() },
  handler: async (_ctx, { text }) => btoa(String.fromCharCode(...new TextEncoder().encode(text))),
});

export const cwd = query({
  args: {},
  handler: async () => process.cwd(),
});

export const seen = query({
  args: {},
  handler: async () => ({
    Buffer: typeof Buffer,
    global: typeof global,
    setImmediate: typeof setImmediate,
    queueMicrotask: typeof queueMicrotask,
    viaGlobalThis: typeof globalThis.Buffer,
    viaSelf: typeof self.Buffer,
    selfIsGlobalThis: self === globalThis,
    processKeys: Object.keys(process),
    envKeys: Object.keys(process.env),
    sameProcess: globalThis.process === process,
    greeting: process.env.LOCAL_CONVEX_GREETING ?? null,
    missing: process.env.LOCAL_CONVEX_NOT_SET ?? null,
    siteUrl: process.env.CONVEX_SITE_URL ?? null,
    web: [typeof TextEncoder, typeof URL, typeof crypto.randomUUID, typeof atob, typeof structuredClone, typeof Blob],
    // A binding of the module's own named Buffer is untouched.
    ownBuffer: (() => {
      const Buffer = { from: (s: string) => `own ${s}` };
      return Buffer.from("x");
    })(),
  }),
});
