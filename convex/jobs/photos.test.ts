// The photographer's photos (issue 15): uploads checked on the server (type, size, ownership, the
// booked photographer, the per-job limit), delivery needs photos, who sees them, and the completion
// documentation of a paid job that asked for a photographer (the pro waits for the delivery; the
// owner, the pro and an admin settling a dispute see the photos).
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ErrorCode } from "../../common/errors";
import { JobMessages } from "../../common/jobCatalog";
import { JOB_PHOTO_LIMITS, JobPhotoCopy } from "../../common/jobPhotos";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { fileBlob, bid, fundJob, newTest, owner, pro, project, type TestConvex, type TestMember } from "../test.setup";

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
  delete process.env.STRIPE_SECRET_KEY;
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
});

const PAYOUTS = { payoutsEnabled: true, stripeConnectAccountId: "acct_test_pro" };
const PHOTOGRAPHER = { professions: ["photographer"], primaryProfession: "photographer" };

const store = (t: TestConvex, bytes: number, type: string) =>
  t.run((ctx) => ctx.storage.store(fileBlob(bytes, type)));
const image = (t: TestConvex) => store(t, 128, "image/png");
const exists = (t: TestConvex, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get(id)) !== null);
const rowsOf = (t: TestConvex, jobId: Id<"jobs">) =>
  t.run((ctx) => ctx.db.query("jobPhotos").withIndex("by_jobId", (q) => q.eq("jobId", jobId)).take(100));

interface World {
  t: TestConvex;
  o: TestMember;
  p: TestMember;
  ph: TestMember;
  other: TestMember;
  jobId: Id<"jobs">;
}

/** An owner's job asking for a photographer, hired (a pro with payouts), the photographer booked. */
async function booked(): Promise<World> {
  const t = newTest();
  const o = await owner(t);
  const p = await pro(t, PAYOUTS);
  const ph = await pro(t, { firstName: "Fay", ...PHOTOGRAPHER });
  const other = await pro(t, { firstName: "Gus", ...PHOTOGRAPHER });
  const jobId = await o.as.mutation(api.jobs.create, project({ photoRequired: true }));
  const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
  await o.as.mutation(api.bids.accept, { bidId });
  await ph.as.mutation(api.jobs.photos.take, { jobId });
  return { t, o, p, ph, other, jobId };
}

describe("who may be the photographer", () => {
  test("the hired pro can't book themself as the job's photographer, nor be hired once booked", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t, { ...PAYOUTS, ...PHOTOGRAPHER });
    const jobId = await o.as.mutation(api.jobs.create, project({ photoRequired: true }));
    await o.as.mutation(api.bids.accept, { bidId: await p.as.mutation(api.bids.place, { jobId, ...bid() }) });
    await expect(p.as.mutation(api.jobs.photos.take, { jobId })).rejects.toThrow(JobMessages.hiredNotPhotographer);
    expect((await p.as.query(api.jobs.get, { jobId }))!.canTakePhotos).toBe(false);
    // The other way round: booked as the photographer first, then hired for the work.
    const second = await o.as.mutation(api.jobs.create, project({ photoRequired: true, title: "Second job" }));
    await p.as.mutation(api.jobs.photos.take, { jobId: second });
    const bidId = await p.as.mutation(api.bids.place, { jobId: second, ...bid() });
    await expect(o.as.mutation(api.bids.accept, { bidId })).rejects.toThrow(JobMessages.photographerNotHired);
    const job = await t.run((ctx) => ctx.db.get("jobs", second));
    expect(job).toMatchObject({ photographerId: p.userId, photoStatus: "scheduled" });
    expect(job?.contractorId).toBeUndefined();
  });
});

describe("uploads", () => {
  test("the booked photographer adds images; wrong type, too big, someone else's file and strangers are refused", async () => {
    const w = await booked();
    // A PDF: refused in our words, and the upload deleted.
    const pdf = await store(w.t, 64, "application/pdf");
    expect(await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [pdf] })).toEqual({
      refused: { code: ErrorCode.INVALID_INPUT, message: "Photos must be images (JPEG, PNG, WebP or HEIC)." },
    });
    expect(await exists(w.t, pdf)).toBe(false);
    // Over 10 MB.
    const big = await store(w.t, 10 * 1024 * 1024 + 1, "image/jpeg");
    expect(await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [big] })).toEqual({
      refused: { code: ErrorCode.INVALID_INPUT, message: "Each photo must be 10 MB or smaller." },
    });
    expect(await exists(w.t, big)).toBe(false);
    // The owner's upload, already claimed by them (a post photo): not the photographer's to attach.
    const owners = await image(w.t);
    await w.t.run(async (ctx) => {
      await ctx.db.insert("files", {
        storageId: owners,
        uploaderId: w.o.userId,
        purpose: "post",
        size: 128,
        contentType: "image/png",
        createdAt: Date.now(),
      });
    });
    const mixed = await image(w.t);
    expect(await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [mixed, owners] })).toMatchObject({
      refused: { code: ErrorCode.FORBIDDEN },
    });
    // All or nothing: the photographer's own upload in the same call is not kept either.
    expect(await rowsOf(w.t, w.jobId)).toEqual([]);
    expect(await exists(w.t, owners)).toBe(true);

    // Not the booked photographer: the other photographer, the owner, the hired pro.
    for (const who of [w.other, w.o, w.p]) {
      const id = await image(w.t);
      await expect(who.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [id] })).rejects.toThrow(JobPhotoCopy.notBooked);
    }

    await expect(w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [] })).rejects.toThrow(JobPhotoCopy.choosePhotos);
    const good = [await image(w.t), await image(w.t)];
    expect(await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: good })).toBeNull();
    const rows = await rowsOf(w.t, w.jobId);
    expect(rows.map((r) => r.storageId)).toEqual(good);
    expect(rows.every((r) => r.photographerId === w.ph.userId)).toBe(true);
    // The same file twice is refused (already attached).
    expect(await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [good[0]!] })).toMatchObject({
      refused: { code: ErrorCode.INVALID_INPUT },
    });
  });

  test(`a job holds at most ${JOB_PHOTO_LIMITS.photos} photos, ${JOB_PHOTO_LIMITS.perUpload} per upload`, async () => {
    const w = await booked();
    const batch = async (n: number) => Promise.all(Array.from({ length: n }, () => image(w.t)));
    await expect(
      w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: await batch(JOB_PHOTO_LIMITS.perUpload + 1) }),
    ).rejects.toThrow(JobPhotoCopy.perUpload(JOB_PHOTO_LIMITS.perUpload));
    for (let i = 0; i < JOB_PHOTO_LIMITS.photos / JOB_PHOTO_LIMITS.perUpload; i++) {
      expect(await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: await batch(JOB_PHOTO_LIMITS.perUpload) })).toBeNull();
    }
    await expect(w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: await batch(1) })).rejects.toThrow(
      JobPhotoCopy.tooMany(JOB_PHOTO_LIMITS.photos),
    );
    expect(await rowsOf(w.t, w.jobId)).toHaveLength(JOB_PHOTO_LIMITS.photos);
  });

  test("deliver needs a photo; after delivery nothing is added or removed", async () => {
    const w = await booked();
    await expect(w.ph.as.mutation(api.jobs.photos.deliver, { jobId: w.jobId })).rejects.toThrow(JobPhotoCopy.deliverNeedsPhotos);
    await expect(w.other.as.mutation(api.jobs.photos.deliver, { jobId: w.jobId })).rejects.toThrow(/booked photographer/);
    const [first, second] = [await image(w.t), await image(w.t)];
    await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [first, second] });
    const [row] = await rowsOf(w.t, w.jobId);
    // Someone else can't take a photo back; the photographer can, and its file goes.
    await expect(w.o.as.mutation(api.jobs.photos.removePhoto, { photoId: row!._id })).rejects.toThrow(JobPhotoCopy.notBooked);
    await w.ph.as.mutation(api.jobs.photos.removePhoto, { photoId: row!._id });
    expect(await exists(w.t, first)).toBe(false);
    await w.ph.as.mutation(api.jobs.photos.deliver, { jobId: w.jobId });
    const [kept] = await rowsOf(w.t, w.jobId);
    await expect(w.ph.as.mutation(api.jobs.photos.removePhoto, { photoId: kept!._id })).rejects.toThrow(JobPhotoCopy.alreadyDelivered);
    await expect(w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [await image(w.t)] })).rejects.toThrow(
      JobPhotoCopy.alreadyDelivered,
    );
  });
});

describe("who sees the photos", () => {
  test("the photographer their uploads; the owner and the hired pro once delivered; nobody else", async () => {
    const w = await booked();
    await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [await image(w.t)] });
    const seen = async (who: TestMember) => (await who.as.query(api.jobs.photos.forJob, { jobId: w.jobId }))?.photos.length ?? null;
    expect(await seen(w.ph)).toBe(1);
    expect(await seen(w.o)).toBe(0);
    expect(await seen(w.p)).toBe(0);
    expect(await seen(w.other)).toBeNull();
    await w.ph.as.mutation(api.jobs.photos.deliver, { jobId: w.jobId });
    expect(await seen(w.o)).toBe(1);
    expect(await seen(w.p)).toBe(1);
    expect(await seen(w.other)).toBeNull();
    const view = await w.o.as.query(api.jobs.photos.forJob, { jobId: w.jobId });
    expect(view).toMatchObject({ role: "party", photoStatus: "delivered", photographerName: "Fay User", canUpload: false, canDeliver: false });
    expect(view!.photos[0]!.url).toMatch(/^https?:\/\//);
    // A mistyped id is nobody's.
    expect(await w.o.as.query(api.jobs.photos.forJob, { jobId: "nope" })).toBeNull();
    // The photographer's list: booked and delivered, with the count.
    expect(await w.ph.as.query(api.jobs.photos.mine, {})).toMatchObject([{ job: { _id: w.jobId, photoStatus: "delivered" }, photoCount: 1 }]);
    expect(await w.other.as.query(api.jobs.photos.mine, {})).toEqual([]);
  });
});

describe("letting the photographer go before delivery", () => {
  test("the owner releases the booked photographer: uploads removed, the photographer and the hired pro told, open to others", async () => {
    const w = await booked();
    const file = await image(w.t);
    await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [file] });
    expect(await w.o.as.query(api.jobs.photos.forJob, { jobId: w.jobId })).toMatchObject({ canRelease: true });
    await w.o.as.mutation(api.jobs.photos.release, { jobId: w.jobId });
    const job = await w.t.run((ctx) => ctx.db.get("jobs", w.jobId));
    expect(job).toMatchObject({ photoStatus: "requested" });
    expect(job?.photographerId).toBeUndefined();
    expect(await rowsOf(w.t, w.jobId)).toHaveLength(0);
    expect(await exists(w.t, file)).toBe(false);
    for (const m of [w.ph, w.p]) {
      const { page } = await m.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } });
      expect(page.map((n: { title: string }) => n.title)).toContain("Photographer released");
    }
    // The released photographer no longer sees the request as theirs; another takes it.
    expect(await w.ph.as.query(api.jobs.photos.forJob, { jobId: w.jobId })).toBeNull();
    await w.other.as.mutation(api.jobs.photos.take, { jobId: w.jobId });
    expect(await w.t.run((ctx) => ctx.db.get("jobs", w.jobId))).toMatchObject({ photoStatus: "scheduled", photographerId: w.other.userId });
  });

  test("the photographer withdraws; the hired pro, strangers, twice and after delivery are refused", async () => {
    const w = await booked();
    await expect(w.p.as.mutation(api.jobs.photos.release, { jobId: w.jobId })).rejects.toThrow(
      "Only the job's owner or its booked photographer can do that.",
    );
    await expect(w.other.as.mutation(api.jobs.photos.release, { jobId: w.jobId })).rejects.toThrow(
      "Only the job's owner or its booked photographer can do that.",
    );
    await w.ph.as.mutation(api.jobs.photos.release, { jobId: w.jobId });
    const { page } = await w.o.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.map((n: { title: string }) => n.title)).toContain("Photographer withdrew");
    await expect(w.o.as.mutation(api.jobs.photos.release, { jobId: w.jobId })).rejects.toThrow("No photographer is booked for this job.");

    await w.other.as.mutation(api.jobs.photos.take, { jobId: w.jobId });
    await w.other.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [await image(w.t)] });
    await w.other.as.mutation(api.jobs.photos.deliver, { jobId: w.jobId });
    expect(await w.o.as.query(api.jobs.photos.forJob, { jobId: w.jobId })).toMatchObject({ canRelease: false });
    await expect(w.o.as.mutation(api.jobs.photos.release, { jobId: w.jobId })).rejects.toThrow("The photos were already delivered.");
    expect(await rowsOf(w.t, w.jobId)).toHaveLength(1);
  });
});

describe("completion documentation", () => {
  async function working(): Promise<World> {
    const w = await booked();
    await fundJob(w.t, w.jobId);
    await w.p.as.mutation(api.jobs.act, { jobId: w.jobId, action: "start" });
    return w;
  }
  const submit = async (w: World) =>
    w.p.as.mutation(api.payments.jobs.submitCompletion, { jobId: w.jobId, checklist: ["Done"], photos: [await image(w.t)] });

  test("the pro waits for the booked photographer's delivery, then submits; an admin settling a dispute sees the photos", async () => {
    const w = await working();
    const waiting = JobPhotoCopy.waitingForPhotographer("Fay User");
    expect((await w.p.as.query(api.jobs.photos.forJob, { jobId: w.jobId }))?.completionBlock).toBe(waiting);
    await expect(submit(w)).rejects.toThrow(waiting);
    await w.ph.as.mutation(api.jobs.photos.upload, { jobId: w.jobId, photos: [await image(w.t)] });
    await w.ph.as.mutation(api.jobs.photos.deliver, { jobId: w.jobId });
    expect((await w.p.as.query(api.jobs.photos.forJob, { jobId: w.jobId }))?.completionBlock).toBeNull();
    expect(await submit(w)).toBeNull();

    await w.o.as.mutation(api.payments.jobs.openDispute, { jobId: w.jobId, reason: "Not finished." });
    const admin = await owner(w.t, { role: "admin", firstName: "Ada" });
    const [dispute] = await admin.as.query(api.admin.disputes.list, {});
    expect(dispute!.photographerPhotoUrls).toHaveLength(1);
    expect(dispute!.completionPhotoUrls).toHaveLength(1);
  });

  test("a photographer who never delivers no longer holds up completion once the owner releases them", async () => {
    const w = await working();
    await expect(submit(w)).rejects.toThrow(JobPhotoCopy.waitingForPhotographer("Fay User"));
    await w.o.as.mutation(api.jobs.photos.release, { jobId: w.jobId });
    expect((await w.p.as.query(api.jobs.photos.forJob, { jobId: w.jobId }))?.completionBlock).toBeNull();
    expect(await submit(w)).toBeNull();
  });

  test("when no photographer took the request, the pro's own photos document the work", async () => {
    const t = newTest();
    const o = await owner(t);
    const p = await pro(t, PAYOUTS);
    const jobId = await o.as.mutation(api.jobs.create, project({ photoRequired: true }));
    const bidId = await p.as.mutation(api.bids.place, { jobId, ...bid() });
    await o.as.mutation(api.bids.accept, { bidId });
    await fundJob(t, jobId);
    await p.as.mutation(api.jobs.act, { jobId, action: "start" });
    expect(await p.as.query(api.jobs.photos.forJob, { jobId })).toMatchObject({ photoStatus: "requested", completionBlock: null });
    const photo = await image(t);
    expect(await p.as.mutation(api.payments.jobs.submitCompletion, { jobId, checklist: ["Done"], photos: [photo] })).toBeNull();
  });
});
