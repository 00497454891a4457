import { describe, expect, test } from "vitest";
import { inAppPath } from "./paths";

describe("inAppPath: where a member may be sent back to", () => {
  const site = "https://rafter.example";
  test.each([
    ["/subscribe", "/subscribe"],
    ["/dashboard?subscription=success", "/dashboard?subscription=success"],
    ["/jobs/abc#bids", "/jobs/abc#bids"],
  ])("an in-app path %s is kept", (value, expected) => {
    expect(inAppPath(value)).toBe(expected);
    expect(inAppPath(value, site)).toBe(expected);
  });

  test.each([
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/subscribe",
    "javascript:alert(1)",
    "subscribe",
    "/a b",
    "",
    null,
    undefined,
  ])("%s is refused", (value) => {
    expect(inAppPath(value, site)).toBeNull();
  });

  test("a full URL counts only on the app's own origin, and only when an origin is given", () => {
    expect(inAppPath(`${site}/dashboard?subscription=success`, site)).toBe("/dashboard?subscription=success");
    expect(inAppPath(`${site}/dashboard`)).toBeNull();
    expect(inAppPath("https://rafter.example.evil.example/x", site)).toBeNull();
  });
});
