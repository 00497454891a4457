// TEST_NOW runs the unit suite at a chosen instant (`TEST_NOW=2026-12-31T23:30:00-06:00 npm run
// test:unit`), so month ends, New Year's Eve and daylight-saving changes can be tried on any day.
// Date is shifted to that instant and keeps moving with the real clock, to the millisecond; a
// test's own vi.useFakeTimers() starts from it (vitest starts from Date.now()), and
// vi.useRealTimers() puts this shifted Date back, so no test ever sees today.
const chosen = process.env.TEST_NOW;
if (chosen) {
  const start = Date.parse(chosen);
  if (Number.isNaN(start)) throw new Error(`TEST_NOW is not a date: ${chosen}`);
  const RealDate = Date;
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    // Date() called without new is the current time as text.
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
  });
}

// The local payments gateway's webhook secret (convex/payments/gateway.ts): random per run, as
// scripts/start.ts makes one per install; no constant secret exists to sign with. Local mode itself
// (RAFTER_LOCAL=1) is each test's own choice.
process.env.LOCAL_STRIPE_WEBHOOK_SECRET ??= `whsec_test_${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, "");
