// Demo credentials (issue 16): so Verified means something in the directory, a dozen seeded
// professionals hold an approved licence or insurance; three wait in the admin's Verification
// queue (one from a Pro+ member, a day ahead); one approved licence expires within 30 days (its
// reminder goes out). Written the app's way: the document is stored and claimed like an upload
// (submitCredential), and the demo admin's decisions run the model's approve transition, audited.
// The demo professional (pro@rafter.test) has none, so submitting one can be tried.
import { v } from "convex/values";
import { credentialSchema, DAY_MS } from "../../common/credentials";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { internalAction, internalMutation, internalQuery } from "../functions";
import { recordAudit } from "../model/audit";
import { approve, submitCredential } from "../model/credentials";
import { parseOrThrow } from "../model/errors";
import { DEMO_ACCOUNTS } from "./data";

type Plan = "approved" | "pending" | "expiring";
/** By position among the seeded professionals (the first five hold the demo plans; 1 and 4 are on Pro+). */
const DEMO_CREDENTIALS: readonly { index: number; plan: Plan; kind: "licence" | "insurance" }[] = [
  ...[5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((index) => ({
    index,
    plan: "approved" as const,
    kind: index % 3 === 0 ? ("insurance" as const) : ("licence" as const),
  })),
  { index: 0, plan: "approved", kind: "licence" },
  { index: 17, plan: "pending", kind: "licence" },
  { index: 18, plan: "pending", kind: "insurance" },
  { index: 1, plan: "pending", kind: "licence" },
  { index: 19, plan: "expiring", kind: "licence" },
];

const TRADES: Record<string, string> = {
  electrician: "Electrician",
  plumber: "Plumber",
  hvac_technician: "HVAC",
  general_contractor: "General contractor",
  roofer: "Roofing",
};

/** The seeded professionals the demo credentials go to, and whether the demo credentials exist already. */
export const holders = internalQuery({
  args: {},
  returns: v.object({ userIds: v.array(v.id("users")), seeded: v.boolean() }),
  handler: async (ctx) => {
    const demoEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    const rows = await ctx.db
      .query("users")
      .withIndex("by_userType", (q) => q.eq("userType", "professional"))
      .take(60);
    const userIds = rows.filter((u) => u.seeded && !demoEmails.has(u.email ?? "")).map((u) => u._id);
    const first =
      userIds[0] &&
      (await ctx.db
        .query("credentials")
        .withIndex("by_userId", (q) => q.eq("userId", userIds[0]!))
        .first());
    return { userIds, seeded: Boolean(first) };
  },
});

/** A one-page PDF that says what it is: demo data, not a real document. */
function demoPdf(title: string): Blob {
  const text = `(${title.replace(/[()\\]/g, "")} - Rafter demo data, not a real document) Tj`;
  const stream = `BT /F1 12 Tf 40 100 Td ${text} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([body], { type: "application/pdf" });
}

export const insertDemoCredentials = internalAction({
  args: {},
  returns: v.object({ inserted: v.number(), skipped: v.number() }),
  handler: async (ctx): Promise<{ inserted: number; skipped: number }> => {
    const { userIds, seeded } = await ctx.runQuery(internal.seed.credentials.holders, {});
    if (seeded) return { inserted: 0, skipped: DEMO_CREDENTIALS.length };
    let inserted = 0;
    for (const [i, c] of DEMO_CREDENTIALS.entries()) {
      const userId = userIds[c.index];
      if (userId === undefined) continue;
      const documentId = await ctx.storage.store(demoPdf(`Demo ${c.kind} ${i + 1}`));
      if (
        await ctx.runMutation(internal.seed.credentials.insertOne, {
          userId,
          documentId,
          plan: c.plan,
          kind: c.kind,
          n: i,
        })
      )
        inserted += 1;
    }
    return { inserted, skipped: 0 };
  },
});

function expiryIn(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

function valuesFor(user: Doc<"users">, kind: "licence" | "insurance", n: number, plan: Plan) {
  const expiresOn = expiryIn(plan === "expiring" ? 20 : 200 + ((n * 37) % 500));
  if (kind === "licence") {
    return {
      kind,
      trade: TRADES[user.primaryProfession ?? ""] ?? "General contractor",
      number: `${user.state ?? "TX"}-${String(40_000 + n * 173).padStart(6, "0")}`,
      issuingState: user.state ?? "TX",
      expiresOn,
    };
  }
  return {
    kind,
    carrier: ["Lone Star Mutual", "Summit Casualty", "Harbor Trade Insurance"][n % 3]!,
    policyNumber: `GL-${String(880_000 + n * 91)}`,
    coverage: "$1,000,000 general liability",
    expiresOn,
  };
}

export const insertOne = internalMutation({
  args: {
    userId: v.id("users"),
    documentId: v.id("_storage"),
    plan: v.union(v.literal("approved"), v.literal("pending"), v.literal("expiring")),
    kind: v.union(v.literal("licence"), v.literal("insurance")),
    n: v.number(),
  },
  returns: v.boolean(),
  handler: async (ctx, { userId, documentId, plan, kind, n }) => {
    const user = await ctx.db.get("users", userId);
    const admin = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", DEMO_ACCOUNTS.find((a) => a.role === "admin")?.email ?? ""))
      .unique();
    if (user === null || admin === null) {
      await ctx.storage.delete(documentId);
      return false;
    }
    const values = parseOrThrow(credentialSchema, valuesFor(user, kind, n, plan));
    const result = await submitCredential(ctx, user, values, documentId);
    if ("refused" in result) return false;
    if (plan === "pending") return true;
    const credentialId: Id<"credentials"> = result.credentialId;
    const credential = (await ctx.db.get("credentials", credentialId))!;
    await approve(ctx, credential, admin._id);
    await recordAudit(ctx, admin._id, {
      action: "credential.approve",
      targetTable: "credentials",
      targetId: credentialId,
      before: { state: "submitted" },
      after: { state: "approved" },
      note: "Demo data (seed)",
    });
    return true;
  },
});
