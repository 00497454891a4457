// `--route-fetch`: a function's fetch of a routed address prefix reaches the stand-in it names
// (here the app's own HTTP route on the site URL), and any other address is left alone.
import fs from "node:fs";
import path from "node:path";
import { anyApi } from "convex/server";
import { afterAll, describe, expect, it } from "vitest";
import { parseFetchRoutes, routedUrl } from "../src/fetchRoutes.js";
import { copyFixture, httpClient, startRuntime, tempDir, type Running } from "./harness.js";

let rt: Running | null = null;
afterAll(async () => {
  await rt?.stop();
});

describe("--route-fetch", () => {
  it("sends a routed address to its stand-in on the site URL", async () => {
    const appDir = copyFixture("apps/cjs");
    fs.writeFileSync(
      path.join(appDir, "convex", "outside.ts"),
      `import { action } from "./_generated/server";\nimport { v } from "convex/values";\n` +
        `export const get = action({ args: { url: v.string() }, handler: async (_ctx, { url }) => (await fetch(url)).text() });\n`,
    );
    rt = await startRuntime({
      appDir,
      dataDir: tempDir("local-convex-routes-"),
      args: ["--route-fetch", "https://api.outside.test/v1/={site}/files/"],
    });
    const http = httpClient(rt.cloudUrl);
    expect(JSON.parse(await http.action(anyApi.outside.get, { url: "https://api.outside.test/v1/emails/batch" }))).toEqual({
      method: "GET",
      path: "/files/emails/batch",
    });
    // Not routed: the real address, which this machine cannot reach.
    await expect(http.action(anyApi.outside.get, { url: "https://api.outside.test/v2/x" })).rejects.toThrow();
  }, 90_000);

  it("takes only prefixes ending in a slash", () => {
    expect(() => parseFetchRoutes(["https://api.resend.com={site}/dev/resend/"])).toThrow(/--route-fetch/);
    const routes = parseFetchRoutes(["https://api.resend.com/={site}/dev/resend/"]);
    expect(routedUrl("https://api.resend.com/emails", routes, "http://127.0.0.1:3211")).toBe("http://127.0.0.1:3211/dev/resend/emails");
    expect(routedUrl("https://api.resend.com.evil.test/emails", routes, "http://127.0.0.1:3211")).toBeNull();
  });
});
