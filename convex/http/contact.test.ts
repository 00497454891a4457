import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactMessages } from "../../common/contact";
import { ErrorCode, Messages } from "../../common/errors";
import { limitFor } from "../model/rateLimit";
import { newTest, setupEnv, type TestConvex } from "../test.setup";

const CONTACT_RATE_LIMITS = { perEmail: limitFor("contactPerEmail"), perIp: limitFor("contactPerIp") };

// POST /api/contact (spec §7) on top of contact.send: the route's own part is JSON
// in and out, type checks, HTTP statuses and CORS; the rules are contact.send's.

beforeAll(setupEnv);
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-22T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Dana Ortiz",
  email: "dana@example.com",
  subject: "Question about Pro+ Leads",
  message: "Does the Verified badge need a background check?",
  ...overrides,
});

function post(t: TestConvex, body: unknown, headers: Record<string, string> = {}) {
  return t.fetch("/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const stored = (t: TestConvex) => t.run((ctx) => ctx.db.query("contactMessages").collect());

describe("POST /api/contact", () => {
  it("stores the message and answers 201 with the spec's success copy", async () => {
    const t = newTest();
    const response = await post(t, message({ name: "  Dana Ortiz " }));
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await response.json()).toEqual({ message: "Message Sent!", description: ContactMessages.sent });

    const rows = await stored(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Dana Ortiz",
      email: "dana@example.com",
      subject: "Question about Pro+ Leads",
      status: "new",
    });
    expect(rows[0]!.userId).toBeUndefined();
  });

  it("refuses a malformed email with 400 and the form's message, storing nothing", async () => {
    const t = newTest();
    const response = await post(t, message({ email: "dana@" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: ContactMessages.emailInvalid,
      code: ErrorCode.INVALID_INPUT,
      fields: { email: "Please enter a valid email address" },
    });
    expect(await stored(t)).toHaveLength(0);
  });

  it("treats missing fields as empty: 400 with each field's 'is required'", async () => {
    const t = newTest();
    const response = await post(t, { email: "dana@example.com" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe(ContactMessages.nameRequired);
    expect(body.fields).toEqual({
      name: "Name is required",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(await stored(t)).toHaveLength(0);
  });

  it("refuses a field that is not text with 400 before calling contact.send", async () => {
    const t = newTest();
    const response = await post(t, message({ subject: 42 }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Invalid request: subject must be a string",
      code: ErrorCode.INVALID_INPUT,
    });
    expect(await stored(t)).toHaveLength(0);
  });

  it("refuses a body that is not JSON, or not a JSON object, with 400", async () => {
    const t = newTest();
    const notJson = await post(t, "name=Dana&email=dana@example.com");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ message: "Request body must be JSON", code: ErrorCode.INVALID_INPUT });

    const array = await post(t, JSON.stringify([message()]));
    expect(array.status).toBe(400);
    expect((await array.json()).message).toBe("Request body must be a JSON object");
    expect(await stored(t)).toHaveLength(0);
  });

  it("answers 429 once the sender's email is over the rate limit", async () => {
    const t = newTest();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perEmail.max; i++) {
      expect((await post(t, message())).status).toBe(201);
    }
    const limited = await post(t, message({ email: "DANA@example.com" }));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: Messages.tooManyRequests, code: ErrorCode.RATE_LIMITED });
    expect(await stored(t)).toHaveLength(CONTACT_RATE_LIMITS.perEmail.max);
  });

  it("answers the CORS preflight with 204", async () => {
    const t = newTest();
    const response = await t.fetch("/api/contact", {
      method: "OPTIONS",
      headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
  });
});
