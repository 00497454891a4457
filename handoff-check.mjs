import { chromium } from "@playwright/test";
const routes = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const r of routes) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const st = window.setTimeout;
    window.__fallback = false;
    window.setTimeout = function (fn, ms, ...rest) {
      if (ms === 1500 && typeof fn === "function") { const f = fn; fn = () => { if (document.getElementById("prerender")) window.__fallback = true; f(); }; }
      return st.call(this, fn, ms, ...rest);
    };
    new MutationObserver(() => { if (!window.__released && document.readyState !== "loading" && !document.getElementById("prerender")) window.__released = Math.round(performance.now()); }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("http://127.0.0.1:4791" + r);
  const hadPrerender = await page.evaluate(() => !!document.getElementById("prerender") || !!window.__released);
  try { await page.waitForFunction(() => !document.getElementById("prerender"), null, { timeout: 20000 }); } catch { console.log(r, "NOT RELEASED"); }
  await page.waitForTimeout(1700);
  const res = await page.evaluate(() => ({ released: window.__released, fallback: window.__fallback, title: document.title, h1: document.querySelector("h1")?.textContent }));
  console.log(r, hadPrerender ? "prerendered" : "NO PRERENDER", JSON.stringify(res), errors.join(" | "));
  await ctx.close();
}
await browser.close();
