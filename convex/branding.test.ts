// Pro Profile's custom gallery and branding (issue 14): cover image, accent colour, gallery order,
// enforced on the server for every caller; a downgrade keeps them, hidden.
import { describe, expect, test } from "vitest";
import { BrandingCopy } from "../common/branding";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { fileBlob, bid, newTest, owner, pro, project, userRow, type TestConvex } from "./test.setup";

const image = (t: TestConvex, bytes = 1000, type = "image/png") =>
  t.run((ctx) => ctx.storage.store(fileBlob(bytes, type)));

async function addWork(t: TestConvex, member: { as: TestConvex }, title: string): Promise<Id<"portfolioItems">> {
  const storageId = await image(t);
  const added = await member.as.mutation(api.portfolio.add, {
    files: [{ storageId, name: `${title}.png` }],
    title,
    category: "other",
  });
  if (!("ids" in added) || !added.ids) throw new Error("not added");
  return added.ids[0]!;
}

const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe("branding and gallery order", () => {
  test("a Basic member is refused every branding function, and shows none even with data set", async () => {
    const t = newTest();
    const basic = await pro(t);
    const item = await addWork(t, basic, "Deck");
    await expect(basic.as.mutation(api.branding.setAccent, { accent: "teal" })).rejects.toThrow(BrandingCopy.refused);
    await expect(basic.as.mutation(api.branding.setCover, { storageId: await image(t) })).rejects.toThrow(
      BrandingCopy.refused,
    );
    await expect(basic.as.mutation(api.portfolio.reorder, { ids: [item] })).rejects.toThrow(BrandingCopy.refused);
    expect(await basic.as.query(api.branding.mine, {})).toEqual({ allowed: false, coverUrl: null, accent: null });
    // Set behind the functions' back: still not shown.
    await t.run((ctx) =>
      ctx.db.patch("users", basic.userId, { accentColor: "teal", coverImage: "https://x.example/c.png" }),
    );
    const o = await owner(t);
    expect(await o.as.query(api.branding.of, { userId: basic.userId })).toBeNull();
    // Homeowners have no branding at all.
    await expect(o.as.mutation(api.branding.setAccent, { accent: "teal" })).rejects.toThrow(BrandingCopy.refused);
  });

  test("Pro sets an accent from the palette and a cover image (type and size checked); others see them", async () => {
    const t = newTest();
    const member = await pro(t, { subscriptionTier: "pro" });
    const o = await owner(t);
    await member.as.mutation(api.branding.setAccent, { accent: "teal" });
    await expect(member.as.mutation(api.branding.setAccent, { accent: "#ff00ff" })).rejects.toThrow(
      BrandingCopy.unknownAccent,
    );
    const set = await member.as.mutation(api.branding.setCover, { storageId: await image(t) });
    expect(set).toEqual({ url: (await userRow(t, member.userId)).coverImage });
    expect(
      await member.as.mutation(api.branding.setCover, { storageId: await image(t, 10, "application/pdf") }),
    ).toMatchObject({
      refused: { message: BrandingCopy.coverType },
    });
    expect(
      await member.as.mutation(api.branding.setCover, { storageId: await image(t, 5 * 1024 * 1024 + 1, "image/jpeg") }),
    ).toMatchObject({ refused: { message: BrandingCopy.coverTooLarge } });
    expect(await o.as.query(api.branding.of, { userId: member.userId })).toEqual({
      accent: "teal",
      coverUrl: (await userRow(t, member.userId)).coverImage,
    });
    // Someone else's upload can't become my cover.
    const other = await pro(t, { subscriptionTier: "pro" });
    const theirs = await image(t);
    await other.as.mutation(api.branding.setCover, { storageId: theirs });
    expect(await member.as.mutation(api.branding.setCover, { storageId: theirs })).toHaveProperty("refused");
    await member.as.mutation(api.branding.removeCover, {});
    expect(await o.as.query(api.branding.of, { userId: member.userId })).toEqual({ accent: "teal", coverUrl: null });
  });

  test("Pro arranges the gallery; only their own items; a downgrade keeps the order but shows the default", async () => {
    const t = newTest();
    const member = await pro(t, { subscriptionTier: "pro" });
    const first = await addWork(t, member, "First");
    const second = await addWork(t, member, "Second");
    const third = await addWork(t, member, "Third");
    const o = await owner(t);
    const gallery = async () => titles(await o.as.query(api.portfolio.list, { userId: member.userId }));
    expect(await gallery()).toEqual(["Third", "Second", "First"]);
    await member.as.mutation(api.portfolio.reorder, { ids: [second, first, third] });
    expect(await gallery()).toEqual(["Second", "First", "Third"]);
    const stranger = await pro(t, { subscriptionTier: "pro" });
    await expect(stranger.as.mutation(api.portfolio.reorder, { ids: [first] })).rejects.toThrow(
      BrandingCopy.galleryNotYours,
    );
    await t.run((ctx) =>
      ctx.db.patch("users", member.userId, { subscriptionTier: "basic", subscriptionStatus: "canceled" }),
    );
    expect(await gallery()).toEqual(["Third", "Second", "First"]);
    expect(await o.as.query(api.branding.of, { userId: member.userId })).toBeNull();
    await t.run((ctx) =>
      ctx.db.patch("users", member.userId, { subscriptionTier: "pro_plus", subscriptionStatus: "active" }),
    );
    expect(await gallery()).toEqual(["Second", "First", "Third"]);
  });

  test("demo data: a seeded Pro professional's cover, accent and endorsement are set the app's way", async () => {
    const t = newTest();
    const member = await pro(t, { subscriptionTier: "pro" });
    const o = await owner(t, { firstName: "Olive", lastName: "Owner" });
    const jobId = await o.as.mutation(api.jobs.create, project());
    await o.as.mutation(api.bids.accept, { bidId: await member.as.mutation(api.bids.place, { jobId, ...bid() }) });
    await t.mutation(internal.seed.subscriptions.insertDemoBranding, {
      userId: member.userId,
      storageId: await image(t),
    });
    expect(await o.as.query(api.branding.of, { userId: member.userId })).toEqual({
      accent: "teal",
      coverUrl: expect.stringMatching(/^https?:/),
    });
    expect(await o.as.query(api.endorsements.forProfile, { userId: member.userId })).toMatchObject({
      shown: true,
      endorsements: [{ clientName: "Olive Owner" }],
    });
    const basic = await pro(t);
    await expect(
      t.mutation(internal.seed.subscriptions.insertDemoBranding, { userId: basic.userId, storageId: await image(t) }),
    ).rejects.toThrow(BrandingCopy.refused);
  });
});
