// Demo photo requests (issue 15): through the app's own paths, one open request the demo
// photographer sees nearby and one delivered with photos the demo owner sees; once.
import { afterEach, beforeEach, expect, test } from "vitest";
import { api, internal } from "../_generated/api";
import { createPerson, newTest } from "../test.setup";
import { DEMO_ACCOUNTS } from "./data";

beforeEach(() => {
  process.env.RAFTER_LOCAL = "1";
});
afterEach(() => {
  delete process.env.RAFTER_LOCAL;
});

test("an open photo request near the demo photographer and a delivered one with photos for the demo owner; once", async () => {
  const t = newTest();
  const ownerAccount = DEMO_ACCOUNTS[0]!;
  const photographerAccount = DEMO_ACCOUNTS.find((a) => a.label === "Photographer")!;
  const owner = await createPerson(t, ownerAccount.profile);
  const photographer = await createPerson(t, photographerAccount.profile);
  expect(await t.action(internal.seed.photos.insertDemoPhotos, {})).toEqual({ inserted: 2 });
  expect(await t.action(internal.seed.photos.insertDemoPhotos, {})).toEqual({ inserted: 0 });

  const nearby = await photographer.as.query(api.jobs.photos.nearby, {});
  expect(nearby.map((j) => j.title)).toEqual(["Listing photos for the South Austin ranch"]);
  expect(nearby[0]!.distanceMiles).toBeGreaterThan(0);
  const [delivered] = await photographer.as.query(api.jobs.photos.mine, {});
  expect(delivered).toMatchObject({ job: { photoStatus: "delivered" }, photoCount: 3 });
  const seen = await owner.as.query(api.jobs.photos.forJob, { jobId: delivered!.job._id });
  expect(seen).toMatchObject({ role: "party", photoStatus: "delivered", photographerName: "Ortiz Listing Photo" });
  expect(seen!.photos).toHaveLength(3);
});
