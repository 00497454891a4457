// The subscription functions moved into payments/ (payments/subscriptions.ts), but their old paths
// are wire protocol: released clients and REST callers still call api.subscriptions.*.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import * as oldPath from "../subscriptions";
import { newTest, pro, useFakeTime } from "../test.setup";
import * as newPath from "./subscriptions";

beforeEach(() => {
  // Local payments mode: a local deployment without STRIPE_SECRET_KEY.
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
  useFakeTime();
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  vi.useRealTimers();
});

describe("subscriptions at their old path", () => {
  test("re-exports every public function of payments/subscriptions.ts", () => {
    const isPublic = (fn: unknown) => (fn as { isPublic?: boolean }).isPublic === true;
    const publicNames = Object.keys(newPath).filter((name) => isPublic(newPath[name as keyof typeof newPath]));
    expect(Object.keys(oldPath).sort()).toEqual(publicNames.sort());
    for (const name of Object.keys(oldPath)) {
      expect(oldPath[name as keyof typeof oldPath]).toBe(newPath[name as keyof typeof newPath]);
    }
  });

  test("answer the same as the new path", async () => {
    const t = newTest();
    const member = await pro(t);
    expect(await member.as.query(api.subscriptions.mine, {})).toEqual(
      await member.as.query(api.payments.subscriptions.mine, {}),
    );
    expect(await member.as.query(api.subscriptions.listings, {})).toEqual(
      await member.as.query(api.payments.subscriptions.listings, {}),
    );
    const { url } = await member.as.action(api.subscriptions.checkout, { planId: "pro" });
    expect(url).toMatch(/\/pay\/checkout\//);
  });
});
