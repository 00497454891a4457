import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONTACT_LIMITS, ContactMessages } from "../common/contact";
import { DEFAULT_SUPPORT_EMAIL } from "../common/support";
import { ErrorCode } from "../common/errors";
import { api } from "./_generated/api";
import { limitFor } from "./model/rateLimit";
import { createUser, deliveredEmails, errorOf, newTest, setupEnv, useFakeTime, type TestConvex } from "./test.setup";

const CONTACT_RATE_LIMITS = { perEmail: limitFor("contactPerEmail"), perIp: limitFor("contactPerIp") };

beforeAll(setupEnv);
// Fake time (the email queue's timers too), in local mode: emails reach the outbox through the
// resend component and its local stand-in.
beforeEach(() => {
  useFakeTime({ now: new Date("2026-11-22T12:00:00Z") });
  vi.stubEnv("RAFTER_LOCAL", "1");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  delete process.env.SUPPORT_EMAIL;
});

const message = (overrides: Partial<Record<"name" | "email" | "subject" | "message", string>> = {}) => ({
  name: "Dana Ortiz",
  email: "dana@example.com",
  subject: "Question about Pro+ Leads",
  message: "Does the Verified badge need a background check?\nThanks!",
  ...overrides,
});

const stored = (t: TestConvex) => t.run((ctx) => ctx.db.query("contactMessages").collect());

const outbox = (t: TestConvex) => deliveredEmails(t);

describe("contact.send", () => {
  it("stores a visitor's message as new and emails it to the support inbox", async () => {
    const t = newTest();
    expect(await t.mutation(api.contact.send, message({ name: "  Dana Ortiz " }))).toBeNull();

    const rows = await stored(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Dana Ortiz",
      email: "dana@example.com",
      subject: "Question about Pro+ Leads",
      status: "new",
    });
    expect(rows[0].userId).toBeUndefined();

    const mail = await outbox(t);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: DEFAULT_SUPPORT_EMAIL,
      kind: "contact_message",
      subject: "[Contact] Question about Pro+ Leads",
    });
    expect(mail[0].text).toContain("From: Dana Ortiz <dana@example.com>");
    expect(mail[0].text).toContain("Does the Verified badge need a background check?\nThanks!");
    expect(mail[0].text).toContain("Not signed in");
  });

  it("records the signed-in sender's account and uses SUPPORT_EMAIL when set", async () => {
    process.env.SUPPORT_EMAIL = "help@rafter.test";
    const t = newTest();
    const { userId, as } = await createUser(t, { email: "sam@example.com" });
    await as.mutation(api.contact.send, message({ email: "sam@example.com" }));

    const rows = await stored(t);
    expect(rows[0].userId).toBe(userId);
    const mail = await outbox(t);
    expect(mail[0].to).toBe("help@rafter.test");
    expect(mail[0].text).toContain(`Signed in as user ${userId}`);
  });

  it("escapes what the sender typed in the HTML email and keeps the subject on one line", async () => {
    const t = newTest();
    await t.mutation(
      api.contact.send,
      message({ subject: "Hi\nBcc: x@evil.test", message: "<script>alert(1)</script>" }),
    );
    const [mail] = await outbox(t);
    expect(mail.subject).toBe("[Contact] Hi Bcc: x@evil.test");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it("refuses missing fields with a message for each, and stores and sends nothing", async () => {
    const t = newTest();
    const error = await errorOf(t.mutation(api.contact.send, { name: " ", email: "", subject: "", message: "  " }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toBe(ContactMessages.nameRequired);
    expect(error.fields).toEqual({
      name: "Name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(await stored(t)).toHaveLength(0);
    expect(await outbox(t)).toHaveLength(0);
  });

  it("refuses a malformed email and over-long fields", async () => {
    const t = newTest();
    const badEmail = await errorOf(t.mutation(api.contact.send, message({ email: "dana@" })));
    expect(badEmail.fields).toEqual({ email: "Please enter a valid email address" });

    const tooLong = await errorOf(
      t.mutation(
        api.contact.send,
        message({ subject: "s".repeat(CONTACT_LIMITS.subject + 1), message: "m".repeat(CONTACT_LIMITS.message + 1) }),
      ),
    );
    expect(tooLong.fields).toEqual({
      subject: "Subject must be 150 characters or fewer",
      message: "Message must be 5000 characters or fewer",
    });
    expect(await stored(t)).toHaveLength(0);
  });

  it("limits messages per sender email, whatever its case, until the window passes", async () => {
    const t = newTest();
    const { max, windowMs } = CONTACT_RATE_LIMITS.perEmail;
    for (let i = 0; i < max; i++) {
      // A different address each time: only the email limit applies.
      await t.withRequestMetadata({ ip: `198.51.100.${i + 1}` }).mutation(api.contact.send, message());
    }
    const limited = await errorOf(
      t.withRequestMetadata({ ip: "198.51.100.99" }).mutation(api.contact.send, message({ email: "DANA@example.com" })),
    );
    expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
    expect(limited.retryAt).toBe(Date.now() + windowMs);
    expect(await stored(t)).toHaveLength(max);

    // Someone else is not affected; Dana may write again once the window has passed.
    await t.mutation(api.contact.send, message({ email: "lee@example.com" }));
    vi.setSystemTime(Date.now() + windowMs);
    await t.mutation(api.contact.send, message());
    expect(await stored(t)).toHaveLength(max + 2);
    expect(await outbox(t)).toHaveLength(max + 2);
  });

  it("limits messages per client address across sender emails", async () => {
    const t = newTest().withRequestMetadata({ ip: "203.0.113.7" });
    const { max } = CONTACT_RATE_LIMITS.perIp;
    for (let i = 0; i < max; i++) await t.mutation(api.contact.send, message({ email: `sender${i}@example.com` }));
    const limited = await errorOf(t.mutation(api.contact.send, message({ email: "another@example.com" })));
    expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
    expect(await stored(t)).toHaveLength(max);

    // Another address is not affected.
    await t
      .withRequestMetadata({ ip: "203.0.113.8" })
      .mutation(api.contact.send, message({ email: "another@example.com" }));
    expect(await stored(t)).toHaveLength(max + 1);
  });
});
