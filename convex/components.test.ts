// The installed components are hosted in every test deployment, reached through `components`.
import { expect, test } from "vitest";
import { components } from "./_generated/api";
import { newTest } from "./test.setup";

test("a component's functions run in the test deployment, in its own tables", async () => {
  const t = newTest();
  await t.run(async (ctx) => {
    await ctx.runMutation(components.shardedCounter.public.add, { name: "probe", count: 3 });
    expect(await ctx.runQuery(components.shardedCounter.public.count, { name: "probe" })).toBe(3);
  });
});
