// Email through the resend component (its queue, batches, rate limit, retries and webhook), as
// local mode runs it: the component's calls to Resend's API reach the stand-in (standIn.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, components, internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { PAGE_ROWS } from "../notificationDigest";
import { deliveredEmails, insertUser, newTest, owner, pro, useOutbox, type TestConvex } from "../test.setup";
import { sendEmail } from "./send";
import { RESEND_REQUESTS_PER_SECOND, STAND_IN_API_KEY } from "./standIn";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const email = (to: string, kind = "test") => ({ to, subject: `Hello ${to}`, text: `Text for ${to}`, html: `<p>${to}</p>`, kind });

/** What the component knows of an email (its own tables, read through its API). */
async function statusOf(t: TestConvex, emailId: string | null) {
  if (emailId === null) throw new Error("the email was not enqueued");
  return await t.run((ctx) => ctx.runQuery(components.resend.lib.getStatus, { emailId }));
}

/** Each stand-in request that stored something: its Idempotency-Key and when it arrived. */
function requestsOf(outbox: Doc<"emailOutbox">[]): { key: string; at: number; size: number }[] {
  const byKey = new Map<string, { key: string; at: number; size: number }>();
  for (const row of outbox) {
    const key = row.idempotencyKey ?? row._id;
    const seen = byKey.get(key);
    if (seen) seen.size += 1;
    else byKey.set(key, { key, at: row._creationTime, size: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.at - b.at);
}

async function postToStandIn(t: TestConvex, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return await t.fetch("/dev/resend/emails/batch", {
    method: "POST",
    headers: { Authorization: `Bearer ${STAND_IN_API_KEY}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const wire = (to: string | string[], overrides: Record<string, unknown> = {}) => ({
  from: "Rafter <no-reply@rafter.localhost>",
  to,
  subject: "Hi",
  text: "Hello",
  ...overrides,
});

describe("sending", () => {
  it("goes through the component to the stand-in: the same content and kind, then a signed delivery event marks it delivered", async () => {
    const t = newTest();
    useOutbox(t);
    const id = await t.run((ctx) => sendEmail(ctx, email("ana@example.com", "password_reset")));
    expect((await statusOf(t, id))?.status).toBe("waiting");
    const outbox = await deliveredEmails(t);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to: "ana@example.com",
      from: "Rafter <no-reply@rafter.localhost>",
      subject: "Hello ana@example.com",
      text: "Text for ana@example.com",
      html: "<p>ana@example.com</p>",
      kind: "password_reset",
    });
    // The stand-in's event came back through /resend-webhook, verified by the component (svix).
    expect((await statusOf(t, id))?.status).toBe("delivered");
  });

  it("marks an email the stand-in bounces as bounced, as Resend's test address does", async () => {
    const t = newTest();
    useOutbox(t);
    const id = await t.run((ctx) => sendEmail(ctx, email("bounced@resend.dev")));
    await deliveredEmails(t);
    expect(await statusOf(t, id)).toMatchObject({ status: "bounced", bounced: true });
  });

  it("enqueues nothing when the caller's mutation fails after sending", async () => {
    const t = newTest();
    useOutbox(t);
    await expect(
      t.run(async (ctx) => {
        await sendEmail(ctx, email("ana@example.com"));
        throw new Error("the request was refused after all");
      }),
    ).rejects.toThrow(/refused/);
    expect(await deliveredEmails(t)).toEqual([]);
  });

  it("reaches no one outside local mode: the stand-in is not routed to, and the component records the email failed", async () => {
    const t = newTest();
    useOutbox(t);
    vi.stubEnv("RAFTER_LOCAL", "");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await t.run((ctx) => sendEmail(ctx, email("ana@example.com")));
    expect(await deliveredEmails(t)).toEqual([]);
    expect((await statusOf(t, id))?.status).toBe("failed");
  });

  it("a 500-email burst is delivered once each, never faster than Resend's rate", async () => {
    const t = newTest();
    useOutbox(t);
    const addresses = Array.from({ length: 500 }, (_, i) => `member${i}@example.com`);
    const warn = vi.spyOn(console, "warn");
    await t.run(async (ctx) => {
      for (const to of addresses) await sendEmail(ctx, email(to));
    });
    const outbox = await deliveredEmails(t);
    // All delivered, each exactly once.
    expect(outbox).toHaveLength(500);
    expect(new Set(outbox.map((m) => m.to))).toEqual(new Set(addresses));
    // The component kept to Resend's rate by itself: the stand-in never had to refuse a request…
    expect(warn.mock.calls.filter(([message]) => String(message).includes("429"))).toEqual([]);
    // …and by the stand-in's clock no second saw more requests than Resend allows.
    const requests = requestsOf(outbox);
    for (const r of requests) {
      expect(requests.filter((o) => o.at >= r.at && o.at < r.at + 1000).length).toBeLessThanOrEqual(RESEND_REQUESTS_PER_SECOND);
    }
    // Batched: five calls of a hundred, not five hundred calls.
    expect(requests.map((r) => r.size)).toEqual([100, 100, 100, 100, 100]);
  });
});

describe("the stand-in for Resend's API", () => {
  it("answers 404 outside local mode", async () => {
    const t = newTest();
    vi.stubEnv("RAFTER_LOCAL", "");
    expect((await postToStandIn(t, [wire("a@example.com")])).status).toBe(404);
  });

  it("refuses what Resend refuses", async () => {
    const t = newTest();
    useOutbox(t);
    const noKey = await t.fetch("/dev/resend/emails/batch", { method: "POST", body: JSON.stringify([wire("a@example.com")]) });
    expect(noKey.status).toBe(401);
    expect((await postToStandIn(t, [wire("a@example.com")], { Authorization: "Bearer re_someone_elses" })).status).toBe(403);
    for (const [body, name] of [
      [[wire("a@example.com", { from: undefined })], "missing_required_field"],
      [[wire([])], "missing_required_field"],
      [[wire("a@example.com", { subject: undefined })], "missing_required_field"],
      [[wire("a@example.com", { text: undefined })], "missing_required_field"],
      [[wire("not-an-address")], "validation_error"],
      [[wire(Array.from({ length: 51 }, (_, i) => `r${i}@example.com`))], "validation_error"],
      [Array.from({ length: 101 }, () => wire("a@example.com")), "validation_error"],
      [[], "validation_error"],
    ] as const) {
      vi.advanceTimersByTime(1000);
      const response = await postToStandIn(t, body);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { name: string }).name).toBe(name);
    }
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toEqual([]);
  });

  it("answers 429 past two requests a second, and takes them again the next second", async () => {
    const t = newTest();
    useOutbox(t);
    vi.advanceTimersByTime(1000 - (Date.now() % 1000));
    expect((await postToStandIn(t, [wire("a@example.com")])).status).toBe(200);
    expect((await postToStandIn(t, [wire("b@example.com")])).status).toBe(200);
    const third = await postToStandIn(t, [wire("c@example.com")]);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    vi.advanceTimersByTime(1000);
    expect((await postToStandIn(t, [wire("c@example.com")])).status).toBe(200);
  });

  it("answers a repeated Idempotency-Key with the first answer and stores nothing twice", async () => {
    const t = newTest();
    useOutbox(t);
    const first = await postToStandIn(t, [wire("a@example.com"), wire("b@example.com")], { "Idempotency-Key": "k1" });
    vi.advanceTimersByTime(1000);
    const again = await postToStandIn(t, [wire("a@example.com"), wire("b@example.com")], { "Idempotency-Key": "k1" });
    expect(await again.json()).toEqual(await first.json());
    vi.advanceTimersByTime(1000);
    expect((await postToStandIn(t, [wire("a@example.com")], { "Idempotency-Key": "k1" })).status).toBe(409);
    expect(await t.run((ctx) => ctx.db.query("emailOutbox").collect())).toHaveLength(2);
  });

  it("sends delivery events only with a valid signature: a forged event is refused", async () => {
    const t = newTest();
    useOutbox(t);
    const forged = await t.fetch("/resend-webhook", {
      method: "POST",
      headers: { "svix-id": "msg_1", "svix-timestamp": String(Math.floor(Date.now() / 1000)), "svix-signature": "v1,AAAA" },
      body: JSON.stringify({ type: "email.delivered", created_at: "", data: {} }),
    });
    expect(forged.status).toBe(400);
  });
});

describe("quote routing", () => {
  it("emails every one of 50 matching pros, none lost", async () => {
    const t = newTest();
    useOutbox(t);
    const o = await owner(t);
    const pros = [];
    for (let i = 0; i < 50; i++) pros.push(await pro(t, { professions: ["plumber"], email: `plumber${i}@example.com` }));
    const result = await o.as.mutation(api.jobs.requestQuote, {
      title: "Bathroom leak",
      description: "Water under the sink after every use.",
      category: "electrical_plumbing",
      propertyType: "residential_single_family",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      budget: "$500-1500",
      urgency: "urgent",
    });
    expect(result.matched).toBe(50);
    const outbox = (await deliveredEmails(t)).filter((m) => m.kind === "notification_job");
    expect(outbox.map((m) => m.to).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `plumber${i}@example.com`).sort());
  });
});

describe("the daily digest", () => {
  async function pending(t: TestConvex, userIds: Id<"users">[], perUser: number) {
    // Inserted in slices: the test deployment enforces Convex's write limit too.
    const rows = userIds.flatMap((userId) => Array.from({ length: perUser }, (_, i) => ({ userId, i })));
    for (let start = 0; start < rows.length; start += 4000) {
      await t.run(async (ctx) => {
        for (const { userId, i } of rows.slice(start, start + 4000)) {
          await ctx.db.insert("notifications", { userId, type: "message", title: `Note ${i}`, content: "c", read: false, digestPending: true });
        }
      });
    }
  }

  it("sends 40 members with 500 waiting each (20,000 rows) one email each, in mutations within Convex's write limit", async () => {
    const t = newTest({ transactionLimits: true });
    useOutbox(t);
    const members: Id<"users">[] = [];
    for (let i = 0; i < 40; i++) members.push(await insertUser(t, { email: `m${i}@example.com`, firstName: `M${i}` }));
    await pending(t, members, 500);
    await t.mutation(internal.notificationDigest.send, {});
    const outbox = await deliveredEmails(t);
    expect(outbox.map((m) => m.to).sort()).toEqual(members.map((_, i) => `m${i}@example.com`).sort());
    expect(outbox.every((m) => m.kind === "notification_digest")).toBe(true);
    const left = await t.run((ctx) =>
      ctx.db
        .query("notifications")
        .withIndex("by_digestPending_and_userId", (q) => q.eq("digestPending", true))
        .take(1),
    );
    expect(left).toEqual([]);
  });

  it("starts each day where the previous day's first page ended, so the same members are not always first", async () => {
    const t = newTest();
    useOutbox(t);
    const members: Id<"users">[] = [];
    for (let i = 0; i < 30; i++) members.push(await insertUser(t, { email: `m${i}@example.com` }));
    const firstTo = async () => {
      await pending(t, members, 40);
      await t.mutation(internal.notificationDigest.send, {});
      const outbox = await deliveredEmails(t);
      await t.run(async (ctx) => {
        for (const row of await ctx.db.query("emailOutbox").collect()) await ctx.db.delete(row._id);
      });
      expect(outbox).toHaveLength(30);
      return outbox[0]!.to;
    };
    const day1 = await firstTo();
    vi.advanceTimersByTime(24 * 60 * 60_000);
    const day2 = await firstTo();
    expect(day2).not.toBe(day1);
    expect(PAGE_ROWS).toBeLessThan(30 * 40);
  });

  it("enqueues a member's digest once a day, even when the run repeats", async () => {
    const t = newTest();
    useOutbox(t);
    const member = await insertUser(t, { email: "m@example.com" });
    await pending(t, [member], 3);
    await t.mutation(internal.notificationDigest.send, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    // The same rows pending again the same day (a repeated run): no second email.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("notifications").collect()) await ctx.db.patch(row._id, { digestPending: true });
    });
    await t.mutation(internal.notificationDigest.send, {});
    expect((await deliveredEmails(t)).map((m) => m.to)).toEqual(["m@example.com"]);
  });
});
