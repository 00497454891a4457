// The demo suspects (issue 16): scored by the app's own recorders, so the demo admin's Suspicious
// Users tab and cleanup preview have real work.
import { beforeAll, expect, test } from "vitest";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { createUser, newTest, setupEnv } from "../test.setup";
import { DEMO_ACCOUNTS } from "./data";
import { DEMO_SUSPECTS } from "./suspicious";

beforeAll(setupEnv);

test("three accounts from one source with their signals; the cleanup preview takes the patterned two and the offensive post", async () => {
  const t = newTest();
  const admin = await createUser(t, { role: "admin" });
  await createUser(t, { email: DEMO_ACCOUNTS[0]!.email, firstName: "Hannah", lastName: "Brooks" });
  const ids: Id<"users">[] = [];
  for (const s of DEMO_SUSPECTS) {
    const { userId } = await createUser(t, {
      email: s.email,
      firstName: s.firstName,
      lastName: s.lastName,
      seeded: true,
    });
    await t.mutation(internal.seed.suspicious.finishSuspect, { userId, key: s.key });
    ids.push(userId);
  }
  const list = (await admin.as.query(api.admin.users.suspicious, { paginationOpts: { numItems: 10, cursor: null } }))
    .page;
  const signals = (i: number) =>
    list
      .find((r) => r.id === ids[i])
      ?.signals.map((s) => s.kind)
      .sort();
  expect(signals(0)).toEqual(["firstPostLinks", "pattern", "reported", "sharedSource"]);
  expect(signals(1)).toEqual(["pattern", "sharedSource"]);
  expect(signals(2)).toEqual(["decoy", "sharedSource"]);
  const preview = await admin.as.query(api.admin.cleanup.preview, {});
  expect(preview.users.map((u) => u.id).sort()).toEqual([ids[0], ids[1]].sort());
  expect(preview.posts.map((p) => p.why)).toEqual(["Flagged inappropriate"]);
});
