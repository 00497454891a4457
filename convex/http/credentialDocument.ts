// GET /credential-document?t=TOKEN: a credential's private document, for the owner or an
// admin who asked credentials:openDocument for a link a few minutes ago. No token, an unknown or
// expired one, or a viewer who lost access since: 404. Never cached, never sniffed.
import { internal } from "../_generated/api";
import { httpAction } from "../_generated/server";
import { sha256Hex } from "../model/tokens";

const NOT_FOUND = () =>
  new Response(JSON.stringify({ message: "Not found" }), {
    status: 404,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

export const credentialDocumentHttp = httpAction(async (ctx, request) => {
  const token = new URL(request.url).searchParams.get("t");
  if (!token || token.length > 200) return NOT_FOUND();
  const doc = await ctx.runQuery(internal.credentials.ticketDocument, { tokenHash: await sha256Hex(token) });
  if (doc === null) return NOT_FOUND();
  const blob = await ctx.storage.get(doc.storageId);
  if (blob === null) return NOT_FOUND();
  return new Response(blob, {
    status: 200,
    headers: {
      "Content-Type": doc.contentType,
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
});
