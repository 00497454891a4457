// The REST surface's classification, shared by the REST matrix
// (http/matrix.test.ts) and the leak scan (leaks.test.ts): every route the
// router registers, read at run time, with what it serves and reads.
import type { Member, World } from "../authz.setup";
import http from "../http";
import { scrapListingBody } from "../test.setup";

/** Path slots: `{me}` is the caller, the others name the world's things. */
export type Slot =
  | "me"
  | "user"
  | "other"
  | "job"
  | "notification"
  | "portfolioItem"
  | "review"
  | "post"
  | "paidJob"
  | "seat";

export interface RouteRule {
  /** Served without a token: why. */
  public?: string;
  /** Concrete paths to call (required for prefix routes), with `{slot}`s for ids. */
  paths?: string[];
  /** The JSON body's fields with a value of the right type (routes that read a JSON body). */
  body?: Record<string, unknown>;
  /** Query parameters the route reads (each gets a 100 kB value). */
  query?: string[];
  /** Pages through `?cursor=`: a garbage cursor is a 400. */
  cursor?: boolean;
  /** The body is multipart form data, not JSON. */
  multipart?: boolean;
}

const LOGIN = { email: "bo@example.com", password: "Correct-Horse9!" };

/** Keyed "METHOD path" as the router lists them (a prefix route's path ends in "*"). */
export const ROUTES: Record<string, RouteRule> = {
  "GET /.well-known/openid-configuration": { public: "OpenID discovery: how anyone verifies our tokens" },
  "GET /.well-known/jwks.json": { public: "the public keys tokens are verified with" },

  "POST /api/auth/login": { public: "sign-in", body: LOGIN },
  "GET /credential-document": {
    public:
      "a credential's document through a five-minute link from credentials:openDocument (owner or admin): the token is the key; without a live one, 404",
    query: ["t"],
  },
  "GET /dev/outbox": {
    public: "the local dev outbox page's data: 404 unless the deployment is local (convex/devOutbox.ts)",
  },
  "POST /api/auth/register": {
    public: "sign-up",
    body: {
      email: "newcomer@example.com",
      firstName: "Nia",
      lastName: "Newcomer",
      password: "Correct-Horse9!",
      userType: "homeowner",
      location: "Austin, TX",
      isAdult: true,
      acceptTerms: true,
    },
  },
  "GET /api/auth/me": {},
  "POST /api/auth/logout": {},
  // The world's members have no password, so the well-formed call is refused (401) and deletes nobody.
  "DELETE /api/auth/account": { body: { password: "Correct-Horse9!" } },
  "POST /api/auth/update-profile": { body: { professions: ["electrician"], primaryProfession: "electrician" } },
  "POST /api/auth/forgot-password": {
    public: "forgot password: the same answer for every email",
    body: { email: "bo@example.com" },
  },
  "POST /api/auth/reset-password": {
    public: "reset password with the emailed token",
    body: { token: "not-a-real-token", newPassword: "Brand-New-Pass2!" },
  },
  "GET /api/openapi.json": { public: "the REST contract (OpenAPI 3.1)" },
  "GET /api/login": { public: "the external identity provider's sign-in link (404 when none is set up)" },
  "POST /api/contact": {
    public: "the public contact form",
    body: { name: "Bo", email: "bo@example.com", subject: "Hello", message: "A question about the site." },
  },

  "GET /api/jobs": {
    public: "the public job board",
    query: ["q", "category", "status", "sort", "zip", "radius", "limit"],
    cursor: true,
  },
  "POST /api/jobs": {
    body: {
      title: "Fix the porch light",
      description: "The porch light flickers and the switch is warm.",
      category: "electrical",
      propertyType: "single_family",
      location: "Austin, TX",
      zipCode: "78701",
      urgency: "high",
      budget: "$500",
      timeline: "This week",
      requirements: ["Licensed"],
      photoRequired: false,
    },
  },
  "GET /api/jobs/my-jobs": { query: ["limit"], cursor: true },
  "GET /api/jobs/status/available": {
    public: "the public job board, open jobs",
    query: ["q", "category", "sort", "zip", "limit"],
    cursor: true,
  },
  "GET /api/jobs/search": {
    public: "public job search by place",
    query: ["category", "city", "state", "zipCode", "status", "limit"],
  },
  "POST /api/requests": {
    body: {
      title: "Quote for a new deck",
      description: "About 200 square feet of composite decking.",
      category: "carpentry",
      propertyType: "single_family",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      budget: "$5000",
      urgency: "medium",
      contactMethod: "email",
      contactInfo: "bo@example.com",
      photoRequired: false,
    },
  },

  "GET /api/scrap-listings": {
    public: "the scrap & free materials board (spec §7 GET /api/scrap-listings)",
    query: ["category", "location", "zip", "radius", "limit"],
    cursor: true,
  },
  "POST /api/scrap-listings": { body: scrapListingBody({ price: "Free", holdHours: 48 }) },

  "GET /api/social/feed": {
    public: "the community feed is readable by anyone (spec §2 /feed; a token only adds isLiked)",
    query: ["category", "postType", "tag", "limit"],
    cursor: true,
  },
  "POST /api/social/posts": {
    body: {
      content: "Deck done #deck",
      postType: "project_showcase",
      category: "construction",
      hashtags: ["deck"],
      images: [],
      videos: [],
      location: "Austin, TX",
      projectBudget: "$500",
      mentionIds: [],
    },
  },
  // B edits and deletes A's post: refused (403), never 5xx.
  "PUT /api/social/posts/*": {
    paths: ["/api/social/posts/{post}"],
    body: {
      content: "Mine now #deck",
      postType: "trade_tip",
      category: "construction",
      images: [],
      location: "Austin, TX",
    },
  },
  "DELETE /api/social/posts/*": { paths: ["/api/social/posts/{post}"] },
  // Admin rows (spec §7): a member's token gets 403 (admin/moderation.ts checks the role).
  "GET /api/admin/posts": {},
  "DELETE /api/admin/posts/*": { paths: ["/api/admin/posts/{post}/ban-user"] },
  "GET /api/admin/suspicious-users": {},
  "POST /api/admin/cleanup": {},
  "GET /api/search": {
    public: "the site search (/search?q=): visitors find professionals and visible posts",
    query: ["q", "type", "category"],
  },
  // Payment protection (issue 15): B is the paid job's professional (the owner's steps are 403 to B).
  "GET /api/jobs/*": { paths: ["/api/jobs/{paidJob}/payment", "/api/jobs/{paidJob}/payment/milestones"], query: ["milestoneIndex"] },
  "POST /api/jobs/*": {
    // The first path reads the JSON body (the matrix's body checks use it).
    paths: [
      "/api/jobs/{paidJob}/completion",
      "/api/jobs/{paidJob}/payment/fund",
      "/api/jobs/{paidJob}/payment/quote",
      "/api/jobs/{paidJob}/payment/release",
      "/api/jobs/{paidJob}/payment/dispute",
      "/api/jobs/{paidJob}/payment/milestones",
      "/api/jobs/{paidJob}/payment/cancel",
    ],
    body: {
      checklist: ["Painted the fence"],
      photos: [],
      reason: "Not paid",
      priceCents: 100_000,
      milestones: [{ title: "All of it", amountCents: 100_000 }],
    },
  },
  "POST /api/create-subscription": { body: { planId: "pro", successUrl: "/dashboard?subscription=success" } },
  "GET /api/team": {},
  "POST /api/team/invitations": { body: { email: "crew@example.com" } },
  "POST /api/team/seats/*": {
    paths: ["/api/team/seats/{seat}/accept", "/api/team/seats/{seat}/decline", "/api/team/seats/{seat}/remove", "/api/team/seats/{seat}/leave"],
  },
  "POST /dev/resend/emails": {
    public: "the local stand-in for Resend's API (emails/standIn.ts): 404 unless the deployment is local with the outbox on; then only its own key",
  },
  "POST /dev/resend/emails/batch": {
    public: "the local stand-in for Resend's batch API (emails/standIn.ts): 404 unless the deployment is local with the outbox on; then only its own key",
  },
  "POST /resend-webhook": {
    public: "Resend's delivery events: anyone may post, only events signed with the webhook secret (svix) are applied (400 otherwise)",
  },
  "POST /stripe/webhook": {
    public:
      "the payments webhook: anyone may post, only events signed with the webhook secret are applied (400 otherwise)",
  },
  "POST /stripe/connect-webhook": {
    public:
      "the Connect webhook: anyone may post, only connected accounts' events signed with the Connect endpoint's secret are applied (400 otherwise)",
  },

  "GET /api/messages": { query: ["limit"], cursor: true },
  "GET /api/messages/*": {
    paths: ["/api/messages/user/{me}", "/api/messages/{me}/{other}"],
    query: ["limit"],
    cursor: true,
  },
  "POST /api/messages": { body: { receiverId: "{other}", content: "Hello there" } },
  "GET /api/notifications": { query: ["type", "limit"], cursor: true },
  "PATCH /api/notifications/mark-all-read": {},
  "PATCH /api/notifications/*": { paths: ["/api/notifications/{notification}/read"] },
  "DELETE /api/notifications/*": { paths: ["/api/notifications/{notification}"] },
  "GET /api/social/notifications": { query: ["limit"], cursor: true },
  "PUT /api/social/notifications/read": { body: { notificationIds: ["{notification}"] } },
  "POST /api/social/posts/*": { paths: ["/api/social/posts/{post}/like"], body: { likeType: "like" } },

  "GET /api/users": { query: ["limit"], cursor: true },
  "GET /api/users/*": { paths: ["/api/users/{user}"] },
  "PUT /api/users/*": {
    paths: ["/api/users/{me}"],
    body: {
      firstName: "Bo",
      lastName: "Builder",
      businessName: "Bo Builds",
      bio: "Twenty years of wiring.",
      zipCode: "78701",
    },
  },
  "GET /api/profile/*": { paths: ["/api/profile/{user}"] },
  "GET /api/connections/user/*": { paths: ["/api/connections/user/{user}"], query: ["limit"] },
  "POST /api/connections": { body: { receiverId: "{other}" } },
  "GET /api/portfolio": { query: ["category", "userId"] },
  "POST /api/portfolio/upload": { multipart: true },
  "DELETE /api/portfolio/*": { paths: ["/api/portfolio/{portfolioItem}"] },
  "GET /api/reviews": { query: ["rating", "search", "professionalId", "limit"], cursor: true },
  "POST /api/reviews/*": { paths: ["/api/reviews/{review}/helpful"] },

  "GET /api/professionals/nearby": { query: ["q"] },
  "GET /api/professionals/search": {
    public: "the public professional directory",
    query: ["q", "category", "city", "state", "zipCode"],
  },
  "GET /api/professionals/stats": {},
};

export const routes = http
  .getRoutes()
  .filter(([, method]) => method !== "OPTIONS")
  .map(([path, method]) => ({ key: `${method} ${path}`, method, path }));

/**
 * The ids each slot names: `{me}` the caller, `{user}`/`{other}` the target member.
 * Default: caller B (a professional) and target A, with B's own notification.
 */
export function slotIds(w: World, caller: Member = w.b, target: Member = w.a): Record<Slot, string> {
  return {
    me: caller.userId,
    user: target.userId,
    other: target.userId,
    job: w.openJobId,
    notification: caller === w.b ? w.bNotificationId : w.notificationId,
    portfolioItem: w.portfolioItemId,
    review: w.reviewId,
    post: w.postId,
    paidJob: w.paidJobId,
    seat: w.seatId,
  };
}

export const fill = (template: string, ids: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, s: string) => ids[s] ?? s);
export function fillBody(body: Record<string, unknown>, ids: Record<string, string>): Record<string, unknown> {
  return JSON.parse(fill(JSON.stringify(body), ids)) as Record<string, unknown>;
}
export const slotsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
export const pathsOf = (r: { path: string }, rule: RouteRule) => rule.paths ?? [r.path];

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export type Fetcher = Pick<World["t"], "fetch">;
export async function send(
  who: Fetcher,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await who.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the assertions below say so.
  }
  return { status: res.status, body: parsed, text };
}
