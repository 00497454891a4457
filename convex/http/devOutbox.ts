// GET /dev/outbox: the local outbox page's data (see convex/devOutbox.ts). It answers only on a
// local deployment with the outbox on (model/deployment.ts), so the route exists nowhere else.
import { internal } from "../_generated/api";
import { httpAction } from "../_generated/server";
import { isOutboxReadable } from "../model/deployment";

/** GET /dev/outbox: the newest emails as JSON for the local page; 404 anywhere else. */
export const outboxHttp = httpAction(async (ctx) => {
  // Only the app's own origin may read the answer from a browser.
  const origin = (process.env.SITE_URL ?? "").replace(/\/$/, "");
  const headers = { "Content-Type": "application/json", ...(origin ? { "Access-Control-Allow-Origin": origin } : {}) };
  if (!isOutboxReadable()) {
    return new Response(JSON.stringify({ message: "Not found" }), { status: 404, headers });
  }
  const { messages } = await ctx.runQuery(internal.devOutbox.list, {});
  return new Response(JSON.stringify({ messages }), { status: 200, headers });
});
