// POST /api/create-subscription (spec §7): planId, successUrl, cancelUrl with a bearer token;
// answers the checkout `url` the browser navigates to. The same action as /subscribe's buttons.
import { z } from "zod";
import { PLAN_IDS } from "../../../common/plans";
import { api } from "../../_generated/api";
import { readJsonObject, requireSignedIn, stringField, type RestRoute } from "../../http/rest";

export const subscriptionRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/create-subscription",
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const successUrl = stringField(body, "successUrl");
      const cancelUrl = stringField(body, "cancelUrl");
      return await ctx.runAction(api.payments.subscriptions.checkout, {
        planId: stringField(body, "planId") ?? "",
        ...(successUrl ? { successUrl } : {}),
        ...(cancelUrl ? { cancelUrl } : {}),
      });
    },
    doc: {
      summary: "Start a checkout for a paid plan; the browser navigates to `url`",
      auth: "bearer",
      body: z.object({
        planId: z.enum(PLAN_IDS),
        successUrl: z.string().optional().describe("on the app's own site (default /dashboard?subscription=success)"),
        cancelUrl: z.string().optional().describe("on the app's own site (default /subscribe?canceled=true)"),
      }),
      answer: z.object({ url: z.string() }),
    },
  },
];
