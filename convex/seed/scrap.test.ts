// Demo scrap listings come through the app's own paths: holds, a pickup and an expiry as the app writes them.
import { expect, test } from "vitest";
import { api, internal } from "../_generated/api";
import { DEMO_ACCOUNTS } from "./data";
import { createPerson, newTest, owner, pro } from "../test.setup";

test("demo listings: across categories, some on hold (one for the demo pro), one picked up, one expired; once", async () => {
  const t = newTest();
  const [ownerAccount, proAccount] = DEMO_ACCOUNTS;
  const hannah = await createPerson(t, { ...ownerAccount!.profile, zipCode: "78704" });
  const marcus = await createPerson(t, proAccount!.profile);
  for (let i = 0; i < 9; i++) await owner(t, { seeded: true, firstName: `Home${i}`, zipCode: i % 2 ? "75201" : "78745" });
  for (let i = 0; i < 4; i++) await pro(t, { seeded: true, firstName: `Peer${i}` });
  const first = await t.mutation(internal.seed.scrap.insertDemoListings, {});
  expect(first.inserted).toBe(14);
  expect(await t.mutation(internal.seed.scrap.insertDemoListings, {})).toEqual({ inserted: 0 });

  const rows = await t.run((ctx) => ctx.db.query("scrapListings").collect());
  const byStatus = (s: string) => rows.filter((r) => r.status === s).length;
  expect([byStatus("on_hold"), byStatus("picked_up"), byStatus("expired")]).toEqual([3, 1, 1]);
  expect(new Set(rows.map((r) => r.category)).size).toBe(6);

  const mine = await marcus.as.query(api.scrap.mine, {});
  expect(mine.holding.map((l) => l.title)).toEqual(["Pallet of leftover pavers"]);
  const near = await hannah.as.query(api.scrap.nearby, {});
  expect(near.near).toBe(true);
  expect(near.listings.length).toBeGreaterThan(3);
});
