// Documents read by the inbox and thread queries as the messages table grows
// (default 1,000, 10,000 and 100,000 messages): they must not grow with it.
// Messages go through the app's own write path (seed/run:benchMessages ->
// deliverMessage). At each size it also times one message sent in its own
// mutation, a compaction (and the longest event-loop stall during it), and the
// process memory: the cost of a write must not grow with the table either.
// The live latency from one browser to another is bench/message-latency.ts.
//
//   node --import tsx bench/messages.ts [--sizes 1000,10000,100000]
import { seedDemoUsers } from "./lib/demo";
import { runReadsBench, sizesFlag } from "./lib/reads";

// Each message reads about 12 index ranges; Convex allows 4,096 per function call.
const BATCH = 250;
let viewer = "";
let userIds: string[] = [];

await runReadsBench({
  name: "messages",
  rowsLabel: "messages",
  sizes: sizesFlag(process.argv, "1000,10000,100000"),
  async setup(call) {
    viewer = (await seedDemoUsers(call)).pro;
    userIds = ((await call("seed/run:benchUserIds", { count: 400 })).value as string[]).filter((id) => id !== viewer);
    const partner = userIds[0]!;
    const page = (numItems: number) => ({ numItems, cursor: null });
    return [
      { label: "inbox, first page of 20", udfPath: "messages:inbox", args: { paginationOpts: page(20) }, as: viewer },
      { label: "thread, newest 50", udfPath: "messages:thread", args: { otherUserId: partner, paginationOpts: page(50) }, as: viewer },
      { label: "thread header (Seen, typing)", udfPath: "messages:threadInfo", args: { otherUserId: partner }, as: viewer },
      { label: "unread count", udfPath: "messages:unreadCount", args: {}, as: viewer },
      { label: "notifications, first page of 20", udfPath: "notifications:list", args: { paginationOpts: page(20) }, as: viewer },
    ];
  },
  async grow(call, from, to) {
    for (let start = from; start < to; start += BATCH) {
      await call("seed/run:benchMessages", { viewerId: viewer, userIds, start, count: Math.min(BATCH, to - start), seed: 11 });
    }
  },
  async write(call, i) {
    await call("seed/run:benchMessages", { viewerId: viewer, userIds, start: i, count: 1, seed: 11 });
  },
});
