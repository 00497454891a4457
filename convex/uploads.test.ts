// Issue 29, Low "Uploads": the bytes decide (no SVG, nothing disguised), unclaimed uploads count
// against the byte quota, the orphan sweep misses nothing, replaced completion and dispute photos
// are freed, and a file nobody recorded an owner for can't be taken by whoever knows its id.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Messages } from "../common/errors";
import { credentialFileProblem, CredentialCopy } from "../common/credentials";
import { portfolioFileProblem, ProfileCopy, UPLOAD_LIMITS } from "../common/profile";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { bytesMatchType, sniffContentType } from "./model/sniff";
import {
  bid,
  createUser,
  errorOf,
  fileBlob,
  fundJob,
  newTest,
  owner,
  pro,
  project,
  type TestConvex,
} from "./test.setup";

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
  vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") });
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const storeBytes = (t: TestConvex, bytes: Uint8Array | string, type: string) =>
  t.run((ctx) => ctx.storage.store(new Blob([bytes as BlobPart], { type })));
const store = (t: TestConvex, size: number, type: string) => t.run((ctx) => ctx.storage.store(fileBlob(size, type)));
const exists = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get(id)) !== null);
const fileRows = (t: TestConvex) => t.run((ctx) => ctx.db.query("files").collect());
const runScheduled = (t: TestConvex) => t.finishAllScheduledFunctions(vi.runAllTimers);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>`;
const HTML = `<!doctype html><html><body><script>fetch("/steal?c="+document.cookie)</script></body></html>`;

describe("the bytes decide what a file is", () => {
  test("the sniffer knows the allowed signatures and nothing else", () => {
    const bytes = async (type: string) => new Uint8Array(await fileBlob(64, type).arrayBuffer());
    return (async () => {
      for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "image/heic", "application/pdf", "video/mp4", "video/quicktime", "video/webm"]) {
        expect(sniffContentType(await bytes(type))).toBe(type);
      }
      const text = new TextEncoder();
      expect(sniffContentType(text.encode(SVG))).toBeNull();
      expect(sniffContentType(text.encode(HTML))).toBeNull();
      expect(sniffContentType(text.encode("MZ\x90\x00"))).toBeNull();
      expect(sniffContentType(new Uint8Array(0))).toBeNull();
      // Served as the declared type: a PNG declared as JPEG, or a PDF declared as a photo, is refused.
      expect(bytesMatchType("image/jpeg", await bytes("image/png"))).toBe(false);
      expect(bytesMatchType("image/png", await bytes("application/pdf"))).toBe(false);
      expect(bytesMatchType("image/jpg", await bytes("image/jpeg"))).toBe(true);
      expect(bytesMatchType("video/quicktime", await bytes("video/mp4"))).toBe(true);
    })();
  });

  test("the forms refuse SVG before uploading, with the same copy", () => {
    const svg = { name: "logo.svg", type: "image/svg+xml", size: 300 };
    expect(portfolioFileProblem(svg)).toBe(ProfileCopy.badFileType);
    expect(credentialFileProblem(svg)).toBe(CredentialCopy.documentType);
    expect(portfolioFileProblem({ name: "a.png", type: "image/png", size: 300 })).toBeNull();
    expect(credentialFileProblem({ type: "application/pdf", size: 300 })).toBeNull();
  });

  test("SVG is refused on every image path with the product's copy, and deleted", async () => {
    const t = newTest();
    const ana = await pro(t);
    const svg = await storeBytes(t, SVG, "image/svg+xml");
    expect(await ana.as.mutation(api.profiles.setAvatar, { storageId: svg })).toMatchObject({
      refused: { message: ProfileCopy.imageType },
    });
    expect(await exists(t, svg)).toBe(false);
    const svg2 = await storeBytes(t, SVG, "image/svg+xml");
    const added = await ana.as.mutation(api.portfolio.add, { files: [{ storageId: svg2, name: "x.svg" }], title: "Deck", category: "construction" });
    expect(added).toMatchObject({ refused: { message: ProfileCopy.badFileType } });
    expect(await exists(t, svg2)).toBe(false);
    // A video type the product doesn't play is refused as well.
    const avi = await store(t, 1000, "video/x-msvideo");
    expect(
      await ana.as.mutation(api.portfolio.add, { files: [{ storageId: avi, name: "x.avi" }], title: "Deck", category: "construction" }),
    ).toMatchObject({ refused: { message: ProfileCopy.badFileType } });
    expect(await fileRows(t)).toEqual([]);
  });

  test("a disguised file (HTML or SVG labelled image/png, a PDF labelled a photo) is deleted after the claim, and logged", async () => {
    const t = newTest();
    const ana = await pro(t);
    const page = await storeBytes(t, HTML, "image/png");
    expect(await ana.as.mutation(api.profiles.setAvatar, { storageId: page })).toHaveProperty("url");
    const svg = await storeBytes(t, SVG, "image/png");
    const pdfAsPhoto = await storeBytes(t, "%PDF-1.7\n...", "image/jpeg");
    const real = await store(t, 4096, "image/png");
    const video = await store(t, 4096, "video/mp4");
    const added = await ana.as.mutation(api.portfolio.add, {
      files: [
        { storageId: svg, name: "a.png" },
        { storageId: pdfAsPhoto, name: "b.jpg" },
        { storageId: real, name: "c.png" },
        { storageId: video, name: "d.mp4" },
      ],
      title: "Deck",
      category: "construction",
    });
    expect(added).toHaveProperty("ids");
    await runScheduled(t);
    for (const id of [page, svg, pdfAsPhoto]) expect(await exists(t, id)).toBe(false);
    // The avatar's link goes with it.
    const user = await t.run((ctx) => ctx.db.get("users", ana.userId));
    expect([user?.image, user?.imageStorageId]).toEqual([undefined, undefined]);
    for (const id of [real, video]) expect(await exists(t, id)).toBe(true);
    expect((await fileRows(t)).map((r) => r.storageId).sort()).toEqual([real, video].sort());
    const logged = await t.run((ctx) => ctx.db.query("securityLogs").collect());
    expect(logged.filter((r) => r.eventType === "upload_rejected" && r.userId === ana.userId)).toHaveLength(3);
  });

  test("a video too large to read whole is checked from its first bytes, streamed", async () => {
    const t = newTest();
    const ana = await pro(t);
    const size = 17 * 1024 * 1024;
    const served = new Map<string, Blob>();
    const serve = async (blob: Blob) => {
      const id = await t.run((ctx) => ctx.storage.store(blob));
      served.set((await t.run((ctx) => ctx.storage.getUrl(id)))!, blob);
      return id;
    };
    const real = await serve(fileBlob(size, "video/mp4"));
    const fake = await serve(new Blob([new Uint8Array(size)], { type: "video/quicktime" })); // zeros
    const ranges: (string | null)[] = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      ranges.push(new Headers(init?.headers).get("Range"));
      return new Response(served.get(url)!.stream());
    });
    try {
      const added = await ana.as.mutation(api.portfolio.add, {
        files: [
          { storageId: real, name: "a.mp4" },
          { storageId: fake, name: "b.mov" },
        ],
        title: "Deck",
        category: "construction",
      });
      expect(added).toHaveProperty("ids");
      await runScheduled(t);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(ranges).toEqual(["bytes=0-63", "bytes=0-63"]);
    expect(await exists(t, real)).toBe(true);
    expect(await exists(t, fake)).toBe(false);
  });

  test("a PDF is taken where a document is expected, and only a real one", async () => {
    const t = newTest();
    const ana = await pro(t);
    const licence = { kind: "licence" as const, trade: "Electrician", number: "TX-E-55012", issuingState: "tx", expiresOn: "2027-03-31" };
    const pdf = await store(t, 2048, "application/pdf");
    expect(await ana.as.mutation(api.credentials.submit, { ...licence, documentId: pdf })).toHaveProperty("credentialId");
    const fake = await storeBytes(t, HTML, "application/pdf");
    expect(await ana.as.mutation(api.credentials.submit, { ...licence, number: "TX-E-55013", documentId: fake })).toHaveProperty("credentialId");
    await runScheduled(t);
    expect(await exists(t, pdf)).toBe(true);
    expect(await exists(t, fake)).toBe(false);
    // Not where a photo is expected.
    const pdf2 = await store(t, 2048, "application/pdf");
    expect(await ana.as.mutation(api.profiles.setAvatar, { storageId: pdf2 })).toMatchObject({ refused: { message: ProfileCopy.imageType } });
  });
});

describe("unclaimed uploads count against the byte quota", () => {
  test("each upload URL reserves its purpose's largest file until a claim uses it", async () => {
    vi.stubEnv("UPLOAD_BYTES_PER_DAY", String(16 * 1024 * 1024));
    const t = newTest();
    const ana = await createUser(t, { userType: "professional" });
    // Avatars are at most 5 MB: three URLs fit in 16 MB, a fourth would let unclaimed bytes pass it.
    for (let i = 0; i < 3; i++) await ana.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" });
    expect(await errorOf(ana.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" }))).toMatchObject({
      message: "You've reached today's upload limit (16 MB a day). Please try again tomorrow.",
    });
    // A claim replaces one reservation by the file's real size: room for another URL.
    const photo = await store(t, 1000, "image/png");
    expect(await ana.as.mutation(api.profiles.setAvatar, { storageId: photo })).toHaveProperty("url");
    expect(await ana.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" })).toEqual(expect.any(String));
    // A video URL reserves a video's largest size: 100 MB for a portfolio item, over this quota.
    expect(await errorOf(ana.as.mutation(api.files.generateUploadUrl, { purpose: "portfolio", kind: "video" }))).toMatchObject({
      message: "You've reached today's upload limit (16 MB a day). Please try again tomorrow.",
    });
    // The reservations age out with the quota's day.
    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    for (let i = 0; i < 3; i++) await ana.as.mutation(api.files.generateUploadUrl, { purpose: "avatar" });
  });
});

describe("the orphan sweep", () => {
  test("catches up on every unclaimed upload, however long it was not run, and leaves young ones", async () => {
    const t = newTest();
    const ana = await pro(t);
    const old = await store(t, 10, "image/png");
    const kept = await store(t, 10, "image/png");
    await ana.as.mutation(api.profiles.setAvatar, { storageId: kept });
    // The cron was down for three days.
    vi.setSystemTime(Date.now() + 3 * 24 * 60 * 60_000);
    const young = await store(t, 10, "image/png");
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 1, scanned: 3 });
    expect(await exists(t, old)).toBe(false);
    expect(await exists(t, kept)).toBe(true);
    expect(await exists(t, young)).toBe(true);
    // The next run starts at the young upload, and deletes it once its grace period is over.
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 0, scanned: 1 });
    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 1, scanned: 1 });
    expect(await exists(t, young)).toBe(false);
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 0, scanned: 0 });
  });

  test("pages through any number of files in bounded batches", async () => {
    const t = newTest();
    for (let i = 0; i < 230; i++) await store(t, 10, "image/png");
    vi.setSystemTime(Date.now() + 2 * 24 * 60 * 60_000);
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 100, scanned: 100 });
    await runScheduled(t);
    expect(await t.run((ctx) => ctx.db.system.query("_storage").take(10))).toEqual([]);
  });

  test("an unclaimed upload larger than any purpose allows goes at the next run, young or not", async () => {
    const t = newTest();
    // The largest any purpose accepts is a portfolio video's.
    const huge = await store(t, UPLOAD_LIMITS.portfolioVideo + 1, "video/mp4");
    const young = await store(t, 10, "image/png");
    expect(await t.mutation(internal.files.sweepOrphans, {})).toEqual({ deleted: 1, scanned: 2 });
    expect(await exists(t, huge)).toBe(false);
    expect(await exists(t, young)).toBe(true);
  });
});

describe("replaced completion and dispute photos are freed", () => {
  async function working(t: TestConvex) {
    const o = await owner(t);
    const p = await pro(t, { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" });
    const jobId = await o.as.mutation(api.jobs.create, project());
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
    await o.as.mutation(api.bids.accept, { bidId });
    await fundJob(t, jobId);
    await p.as.mutation(api.jobs.act, { jobId, action: "start" });
    return { o, p, jobId };
  }
  const paymentOf = (t: TestConvex, jobId: Id<"jobs">) =>
    t.run(async (ctx) => (await ctx.db.query("jobPayments").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).unique())!);

  test("a resubmitted completion frees the photos it no longer shows (record, bytes, quota)", async () => {
    const t = newTest();
    const { o, p, jobId } = await working(t);
    const first = [await store(t, 1000, "image/png"), await store(t, 1000, "image/png")];
    await p.as.mutation(api.payments.jobs.submitCompletion, { jobId, checklist: ["Wired the outlets"], photos: first });
    await o.as.mutation(api.payments.jobs.requestChanges, { jobId, reason: "One outlet is loose" });
    const second = [await store(t, 1000, "image/png")];
    await p.as.mutation(api.payments.jobs.submitCompletion, { jobId, checklist: ["Fixed the loose outlet"], photos: second });
    expect((await paymentOf(t, jobId)).completion?.photoIds).toEqual(second);
    for (const id of first) expect(await exists(t, id)).toBe(false);
    expect(await exists(t, second[0]!)).toBe(true);
    expect((await fileRows(t)).map((r) => r.storageId)).toEqual(second);
  });

  test("a new dispute record frees the photos of the one it replaces", async () => {
    const t = newTest();
    const { o, p, jobId } = await working(t);
    await p.as.mutation(api.payments.jobs.submitCompletion, { jobId, checklist: ["Done"], photos: [await store(t, 1000, "image/png")] });
    const payment = await paymentOf(t, jobId);
    // A dispute record from an earlier round (its photos claimed for this payment).
    const earlier = await store(t, 1000, "image/png");
    await t.run(async (ctx) => {
      await ctx.db.insert("files", {
        storageId: earlier,
        uploaderId: o.userId,
        purpose: "dispute",
        attachedTo: payment._id,
        size: 1000,
        contentType: "image/png",
        createdAt: Date.now(),
      });
      await ctx.db.patch("jobPayments", payment._id, {
        dispute: { openedAt: Date.now(), openedBy: "owner", reason: "Earlier", photoIds: [earlier], fromState: "funded" },
      });
    });
    const now = await store(t, 1000, "image/png");
    await o.as.mutation(api.payments.jobs.openDispute, { jobId, reason: "The work stopped", photos: [now] });
    expect((await paymentOf(t, jobId)).dispute?.photoIds).toEqual([now]);
    expect(await exists(t, earlier)).toBe(false);
    expect((await fileRows(t)).filter((r) => r.purpose === "dispute").map((r) => r.storageId)).toEqual([now]);
  });
});

describe("a file nobody recorded an owner for", () => {
  async function world() {
    const t = newTest();
    const victim = await pro(t);
    const thief = await pro(t);
    return { t, victim, thief };
  }

  test("older than the claim grace period: refused to whoever knows its id, and kept", async () => {
    const { t, victim, thief } = await world();
    // Attached before files were tracked, e.g. a credential document or a post's photo.
    const legacy = await store(t, 1000, "image/png");
    void victim;
    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    expect(await thief.as.mutation(api.profiles.setAvatar, { storageId: legacy })).toMatchObject({
      refused: { message: Messages.fileNotYours },
    });
    expect(await exists(t, legacy)).toBe(true);
    expect(await fileRows(t)).toEqual([]);
  });

  test("held as an avatar or portfolio item: refused, and never deleted by someone else's refused batch", async () => {
    const { t, victim, thief } = await world();
    const avatar = await store(t, 1000, "image/png");
    await t.run((ctx) => ctx.db.patch("users", victim.userId, { imageStorageId: avatar }));
    expect(await thief.as.mutation(api.profiles.setAvatar, { storageId: avatar })).toMatchObject({
      refused: { message: Messages.fileNotYours },
    });
    // A batch the thief gets refused (their own bad file first) drops its other uploads: not the victim's.
    const bad = await storeBytes(t, SVG, "image/svg+xml");
    const result = await thief.as.mutation(api.portfolio.add, {
      files: [
        { storageId: bad, name: "x.svg" },
        { storageId: avatar, name: "y.png" },
      ],
      title: "Deck",
      category: "construction",
    });
    expect(result).toHaveProperty("refused");
    expect(await exists(t, avatar)).toBe(true);
    expect((await t.run((ctx) => ctx.db.get("users", victim.userId)))?.imageStorageId).toBe(avatar);
  });

  test("the migration records owners where the holder tells who, and the owner can then let go", async () => {
    const { t, victim, thief } = await world();
    const avatar = await store(t, 1000, "image/png");
    const work = await store(t, 2000, "image/jpeg");
    await t.run(async (ctx) => {
      await ctx.db.patch("users", victim.userId, { imageStorageId: avatar });
      await ctx.db.insert("portfolioItems", { userId: victim.userId, type: "image", storageId: work, title: "Deck", category: "construction", tags: [], featured: false });
    });
    vi.setSystemTime(Date.now() + 2 * 24 * 60 * 60_000);
    await t.mutation(internal.migrations.run, { fn: "migrations:legacyAvatars", next: ["migrations:legacyPortfolioFiles"] });
    await runScheduled(t);
    const rows = await fileRows(t);
    expect(rows.map((r) => [r.storageId, r.uploaderId, r.purpose]).sort()).toEqual(
      [
        [avatar, victim.userId, "avatar"],
        [work, victim.userId, "portfolio"],
      ].sort(),
    );
    // Someone else's, as any claimed file; the owner's removal frees it.
    expect(await thief.as.mutation(api.profiles.setAvatar, { storageId: avatar })).toMatchObject({ refused: { message: Messages.fileNotYours } });
    await victim.as.mutation(api.profiles.removeAvatar, {});
    expect(await exists(t, avatar)).toBe(false);
  });
});
