import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { authRoutes } from "./http/auth";
import { jobRoutes } from "./http/jobs";
import { messageRoutes } from "./http/messages";
import { profileRoutes } from "./http/profiles";
import { professionalRoutes } from "./http/professionals";
import { registerRestRoutes } from "./http/rest";
import { contactRoutes } from "./http/contact";
import { scrapRoutes } from "./http/scrap";
import { socialRoutes } from "./http/social";
import { postRoutes } from "./http/posts";
import { subscriptionRoutes } from "./payments/http/subscriptions";
import { teamRoutes } from "./http/teams";
import { paymentRoutes } from "./payments/http/payments";
import { adminRoutes } from "./http/admin";
import { openApiRoutes } from "./http/openapi";
import { outboxHttp } from "./http/devOutbox";
import { resendWebhook } from "./emails/send";
import { STAND_IN_PATH, standInHttp } from "./emails/standIn";
import { credentialDocumentHttp } from "./http/credentialDocument";
import { stripeConnectWebhook, stripeWebhook } from "./payments/webhooks";

const http = httpRouter();

// OpenID configuration and JWKS that verify @convex-dev/auth's tokens.
auth.addHttpRoutes(http);

registerRestRoutes(http, authRoutes);
registerRestRoutes(http, jobRoutes);
registerRestRoutes(http, messageRoutes);
registerRestRoutes(http, profileRoutes);
registerRestRoutes(http, professionalRoutes);
registerRestRoutes(http, contactRoutes);
registerRestRoutes(http, scrapRoutes);
// One call: both serve under /api/social/posts/, whose CORS preflight is registered once per call.
registerRestRoutes(http, [...postRoutes, ...socialRoutes]);
registerRestRoutes(http, subscriptionRoutes);
registerRestRoutes(http, teamRoutes);
registerRestRoutes(http, paymentRoutes);
registerRestRoutes(http, adminRoutes);
// The REST contract: every route registered through registerRestRoutes (read per request).
registerRestRoutes(http, openApiRoutes);

// The local dev outbox page's data; answers 404 unless the deployment is local (devOutbox.ts).
http.route({ path: "/dev/outbox", method: "GET", handler: outboxHttp });
// The local stand-in for Resend's API that the email component's calls reach locally; 404 unless
// the deployment is local with the outbox on (emails/standIn.ts).
http.route({ path: `${STAND_IN_PATH}/emails`, method: "POST", handler: standInHttp });
http.route({ path: `${STAND_IN_PATH}/emails/batch`, method: "POST", handler: standInHttp });

// Resend's delivery and bounce events (svix-signed), applied by the email component (emails/send.ts).
http.route({ path: "/resend-webhook", method: "POST", handler: resendWebhook });

// A credential's private document through a short-lived link (credentials:openDocument).
http.route({ path: "/credential-document", method: "GET", handler: credentialDocumentHttp });

// Payment events (Stripe, or the local payments mode): signature verified on the raw body.
http.route({ path: "/stripe/webhook", method: "POST", handler: stripeWebhook });
// Connected accounts' events (a professional's payouts): Stripe's Connect endpoint, its own secret.
http.route({ path: "/stripe/connect-webhook", method: "POST", handler: stripeConnectWebhook });

export default http;
