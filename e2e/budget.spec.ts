// The first-load JS budget (bench/README.md, 120 kB gzip): the scripts every page's
// HTML has the browser fetch before any page code runs, as the built app serves them.
// A page or library that lands in the shared entry instead of its own chunk fails here,
// not weeks later in a Lighthouse run.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { FIRST_LOAD_BUDGET_GZIP_BYTES, appScriptPaths } from "../scripts/lib/appScripts";

test("the app's first-load JS stays within its gzip budget", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const scripts = appScriptPaths(html);
  expect(scripts.length, "index.html lists the app's scripts").toBeGreaterThan(0);
  const sizes: string[] = [];
  let total = 0;
  for (const file of scripts) {
    const response = await request.get(file);
    expect(response.ok(), `${file} is served`).toBe(true);
    const gzip = gzipSync(await response.body()).length;
    sizes.push(`${file} ${(gzip / 1000).toFixed(1)} kB`);
    total += gzip;
  }
  expect(total, `first-load JS gzip (${sizes.join(", ")})`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP_BYTES);
});
