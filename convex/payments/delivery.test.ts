// The local Stripe delivers as Stripe does (https://docs.stripe.com/webhooks, "Handle duplicate
// events", "Event ordering"): every event at least once (here: exactly twice, the second a
// redelivery signed anew) and a batch in no set order (here: newest first). LOCAL_STRIPE_DELIVERY=
// ordered is the debugging switch back to once, in order.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { internal } from "../_generated/api";
import { newTest, pro, TEST_SITE_URL, userRow, type TestConvex } from "../test.setup";
import { accountUpdatedEvent, checkoutSessionObject, deliveryPlan, invoiceObject, stripeEvent, subscriptionObject, type LocalEvent } from "./events";
import { localConnectWebhookSecret, localWebhookSecret, stripeClient } from "./gateway";

const DAY = 24 * 60 * 60_000;

interface Sent {
  path: string;
  signature: string;
  body: string;
  status: number;
}

/** Every POST the local Stripe makes, forwarded to the app's own route (which verifies it). */
function recordDeliveries(t: TestConvex): Sent[] {
  const sent: Sent[] = [];
  process.env.CONVEX_SITE_URL = TEST_SITE_URL;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await t.fetch(url.pathname, init);
    const headers = new Headers(init?.headers);
    sent.push({ path: url.pathname, signature: headers.get("Stripe-Signature") ?? "", body: String(init?.body), status: response.status });
    return response;
  });
  return sent;
}

const signedAt = (signature: string) => Number(/t=(\d+)/.exec(signature)?.[1]);
const typeOf = (s: Sent) => (JSON.parse(s.body) as LocalEvent).type;
const idOf = (s: Sent) => (JSON.parse(s.body) as LocalEvent).id;

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.LOCAL_STRIPE_DELIVERY;
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  delete process.env.LOCAL_STRIPE_DELIVERY;
  vi.unstubAllGlobals();
});

async function subscriptionBatch(t: TestConvex) {
  const member = await pro(t);
  const now = Date.now();
  const state = {
    subscriptionId: "sub_local_delivery",
    customerId: "cus_local_delivery",
    userId: member.userId,
    planId: "pro" as const,
    status: "active" as const,
    currentPeriodEnd: now + 30 * DAY,
    cancelAtPeriodEnd: false,
  };
  const events: LocalEvent[] = [
    stripeEvent("checkout.session.completed", checkoutSessionObject("cs_local_delivery", state), now),
    stripeEvent("customer.subscription.created", subscriptionObject(state), now),
    stripeEvent("invoice.paid", invoiceObject(state, true), now),
  ];
  return { member, events };
}

describe("the local Stripe's delivery", () => {
  test("delivers a batch newest first, then every event again: same id and payload, a new signature timestamp", async () => {
    const t = newTest();
    const sent = recordDeliveries(t);
    const { member, events } = await subscriptionBatch(t);

    await t.action(internal.payments.local.deliverEvents, { events });

    expect(sent.map(typeOf)).toEqual([
      "invoice.paid",
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
      "customer.subscription.created",
      "checkout.session.completed",
    ]);
    // Every delivery was accepted: signed as Stripe signs, verified by the production route.
    expect(sent.every((s) => s.status === 200 && s.path === "/stripe/webhook")).toBe(true);
    for (let i = 0; i < 3; i++) {
      const first = sent[i]!;
      const again = sent[i + 3]!;
      expect(idOf(again)).toBe(idOf(first));
      expect(again.body).toBe(first.body);
      expect(signedAt(again.signature)).toBeGreaterThan(signedAt(first.signature));
      // Both signatures are genuine for the same payload.
      for (const s of [first, again]) {
        await expect(stripeClient().webhooks.constructEventAsync(s.body, s.signature, localWebhookSecret()!)).resolves.toMatchObject({ id: idOf(first) });
      }
    }
    // And the app, fed the events backwards and twice, ends where it would in order.
    const user = await userRow(t, member.userId);
    expect(user.subscriptionTier).toBe("pro");
    expect(user.subscriptionStatus).toBe("active");
    expect(user.stripeCustomerId).toBe("cus_local_delivery");
    expect(await t.run(async (ctx) => (await ctx.db.query("paymentEvents").collect()).length)).toBe(3);
  });

  test("a Connect event goes to the Connect endpoint twice", async () => {
    const t = newTest();
    const sent = recordDeliveries(t);
    const member = await pro(t);
    const event = accountUpdatedEvent("acct_local_delivery", member.userId, true, Date.now());

    await t.action(internal.payments.local.deliverEvents, { events: [event] });

    expect(sent.map((s) => [s.path, idOf(s), s.status])).toEqual([
      ["/stripe/connect-webhook", event.id, 200],
      ["/stripe/connect-webhook", event.id, 200],
    ]);
    expect(signedAt(sent[1]!.signature)).toBeGreaterThan(signedAt(sent[0]!.signature));
    await expect(stripeClient().webhooks.constructEventAsync(sent[1]!.body, sent[1]!.signature, localConnectWebhookSecret()!)).resolves.toBeTruthy();
    expect((await userRow(t, member.userId)).payoutsEnabled).toBe(true);
  });

  test("LOCAL_STRIPE_DELIVERY=ordered (debugging only) sends each event once, in order", async () => {
    process.env.LOCAL_STRIPE_DELIVERY = "ordered";
    const t = newTest();
    const sent = recordDeliveries(t);
    const { events } = await subscriptionBatch(t);

    await t.action(internal.payments.local.deliverEvents, { events });

    expect(sent.map(typeOf)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
  });

  test("the plan: strict unless asked for ordered", () => {
    expect(deliveryPlan(["a", "b", "c"], "strict")).toEqual([
      { event: "c", redelivery: false },
      { event: "b", redelivery: false },
      { event: "a", redelivery: false },
      { event: "c", redelivery: true },
      { event: "b", redelivery: true },
      { event: "a", redelivery: true },
    ]);
    expect(deliveryPlan(["a", "b"], "ordered").map((d) => d.event)).toEqual(["a", "b"]);
  });
});
