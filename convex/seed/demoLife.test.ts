// The demo accounts' life is written through the app's own paths: every kept count matches the rows.
import { expect, test } from "vitest";
import { api, internal } from "../_generated/api";
import { DEMO_ACCOUNTS } from "./data";
import { createPerson, newTest, pro, userRow } from "../test.setup";
import { userCountsOf } from "../model/counters";

test("demo life: conversations (some unread), connections both ways, a backup network, each notification kind, exact counts", async () => {
  const t = newTest();
  const [ownerAccount, proAccount, adminAccount] = DEMO_ACCOUNTS;
  const owner = await createPerson(t, { ...ownerAccount!.profile, zipCode: "78704" });
  const marcus = await createPerson(t, proAccount!.profile);
  const admin = await createPerson(t, adminAccount!.profile);
  // As seed.run leaves them: verified the app's way (the demo owner writes a review).
  for (const { userId } of [owner, marcus, admin]) await t.mutation(internal.seed.run.finishDemoAccount, { userId });
  for (let i = 0; i < 6; i++) await pro(t, { email: `peer${i}@example.com`, seeded: true, firstName: `Peer${i}` });
  expect(await t.mutation(internal.seed.demoLife.insert, {})).toEqual({ written: true });
  expect(await t.mutation(internal.seed.demoLife.insert, {})).toEqual({ written: false }); // once

  const page = { numItems: 50, cursor: null };
  const inbox = (await marcus.as.query(api.messages.inbox, { paginationOpts: page })).page;
  expect(inbox).toHaveLength(4);
  expect(inbox.filter((c) => c.unread > 0).length).toBe(2);
  const me = await userRow(t, marcus.userId);
  const counts = await t.run((ctx) => userCountsOf(ctx, me));
  expect(counts.unreadMessages).toBe(inbox.reduce((n, c) => n + c.unread, 0));

  const network = await marcus.as.query(api.connections.pending, {});
  expect([network.incoming.length, network.outgoing.length]).toEqual([2, 1]);
  const connections = await marcus.as.query(api.connections.listOf, { userId: marcus.userId });
  expect(connections).toHaveLength(4);
  expect(me.connectionsCount).toBe(4);
  expect(connections.filter((c) => c.inMyBackup)).toHaveLength(2);

  const notes = (await marcus.as.query(api.notifications.list, { paginationOpts: page })).page;
  expect(new Set(notes.map((n) => n.type))).toEqual(new Set(["message", "job", "connection", "review", "system"]));
  expect(counts.unreadNotifications).toBe(notes.filter((n) => !n.read).length);
  expect(me).toMatchObject({ rating: 5, reviewCount: 1 });
  const hannah = await userRow(t, owner.userId);
  expect((await t.run((ctx) => userCountsOf(ctx, hannah))).unreadMessages).toBe(0);
});
