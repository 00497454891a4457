// How many subscriptions each message wakes. N members sit in their thread
// page (the subscriptions that page holds: users.viewer, messages.inbox,
// messages.thread, messages.threadInfo), in pairs, each member its own
// WebSocket client; messages go from one member of a pair to the other, one
// at a time, through messages.send. Counts, per message, the subscriptions the
// runtime re-ran and the query executions that took (identical subscriptions
// share one), and the time from send to the receiver's thread showing it.
// Members sign up through the app's password flow. Starts the local runtime
// in this process on a temporary data folder.
//
//   node --import tsx bench/reactivity.ts [--pairs 25] [--messages 100]
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import type { CallOptions, Identity } from "../tools/local-convex/src/engine";
import { startBenchRuntime } from "./lib/runtime";

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAIRS = flag("pairs", 25);
const MESSAGES = flag("messages", 100);
const PASSWORD = "Bench-Reactivity-2026!";
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

const runtime = await startBenchRuntime("reactivity");
const engine = runtime.engine;
// Executions for subscriptions, counted the same way whatever the runtime's version.
let executions = 0;
const call = engine.call.bind(engine);
engine.call = (udfPath: string, args: unknown, identity: Identity | null, options?: CallOptions) => {
  if (options?.caller === "subscription") executions += 1;
  return call(udfPath, args, identity, options);
};
const clients: ConvexClient[] = [];
try {
  log(`signing up ${PAIRS * 2} members...`);
  const http = new ConvexHttpClient(runtime.cloudUrl, { skipConvexDeploymentUrlCheck: true, logger: false });
  const stamp = Date.now().toString(36);
  // Real members with real sessions, signed up through the app's own password flow (as bench/message-latency.ts).
  const signUp = async (i: number) => {
    const result = await http.action(api.auth.signIn, {
      provider: "password",
      params: {
        flow: "signUp",
        userType: "homeowner",
        email: `reactivity-${stamp}-${i}@example.com`,
        password: PASSWORD,
        firstName: `Member${i}`,
        lastName: "Bench",
        isAdult: true,
        acceptTerms: true,
      },
    });
    const token = result.tokens!.token;
    const me = new ConvexHttpClient(runtime.cloudUrl, { skipConvexDeploymentUrlCheck: true, logger: false });
    me.setAuth(token);
    return { token, id: (await me.query(api.users.viewer, {}))!._id };
  };
  const accounts: { token: string; id: Id<"users"> }[] = [];
  for (let i = 0; i < PAIRS * 2; i++) accounts.push(await signUp(i));

  const latest = new Map<number, string[]>();
  const members = accounts.map(({ token, id }, i) => {
    const client = new ConvexClient(runtime.cloudUrl, {
      webSocketConstructor: WebSocket as never,
      skipConvexDeploymentUrlCheck: true,
      unsavedChangesWarning: false,
    });
    clients.push(client);
    client.setAuth(async () => token);
    const other = accounts[i % 2 === 0 ? i + 1 : i - 1]!.id;
    client.onUpdate(api.users.viewer, {}, () => {});
    client.onUpdate(api.messages.inbox, { paginationOpts: { numItems: 20, cursor: null } }, () => {});
    client.onUpdate(api.messages.threadInfo, { otherUserId: other }, () => {});
    client.onUpdate(api.messages.thread, { otherUserId: other, paginationOpts: { numItems: 30, cursor: null } }, (r) =>
      latest.set(
        i,
        r.page.map((m) => m.content),
      ),
    );
    return { id, client, other };
  });
  const settle = async (check: () => boolean, what: string) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > 30_000) throw new Error(`timed out: ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await settle(() => latest.size === members.length, "every member's thread");
  const subscriptions = members.length * 4;
  log(`${members.length} members, ${subscriptions} subscriptions; sending ${MESSAGES} messages...`);

  // The runtime's own counters, where this version of it has them.
  const m = (engine as unknown as { reactivity?: Record<string, number> }).reactivity ?? null;
  const startExecutions = executions;
  const before = { ...m };
  const perMessage: number[] = [];
  const latencies: number[] = [];
  for (let k = 0; k < MESSAGES; k++) {
    // Pairs in turn, alternating sender, so no member nears the 30-a-minute rate limit.
    const pair = k % PAIRS;
    const from = pair * 2 + (Math.floor(k / PAIRS) % 2);
    const to = from % 2 === 0 ? from + 1 : from - 1;
    const content = `reactivity ${k}`;
    const start = executions;
    const started = performance.now();
    await members[from]!.client.mutation(api.messages.send, { receiverId: members[from]!.other, content });
    await settle(() => latest.get(to)?.[0] === content, `message ${k} at its receiver`);
    latencies.push(performance.now() - started);
    // Let every connection finish its re-runs for this commit before the next one.
    await new Promise((r) => setTimeout(r, 20));
    perMessage.push(executions - start);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const total = executions - startExecutions;
  const delta = (key: string) => (m ? m[key]! - before[key]! : null);
  const sorted = [...perMessage].sort((a, b) => a - b);
  const lat = [...latencies].sort((a, b) => a - b);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  console.log(
    `Subscriptions woken per message: ${members.length} members in ${PAIRS} threads, ${subscriptions} subscriptions, ${MESSAGES} messages`,
  );
  console.log(
    `  query executions per message: mean ${(total / MESSAGES).toFixed(1)}, median ${pct(sorted, 50)}, max ${sorted.at(-1)}`,
  );
  if (m) {
    console.log(
      `  runtime counters: ${delta("commits")} commits, ${delta("checked")} subscription checks, ${delta("reruns")} re-runs (${(delta("reruns")! / MESSAGES).toFixed(1)} per message), ${delta("executions")} executions`,
    );
  }
  // Where the runtime's time went (wall time per call, so a busy machine inflates it).
  const byPath = new Map<string, number[]>();
  for (const c of engine.recentCalls.slice(-MESSAGES * 9)) {
    const label = `${c.caller === "subscription" ? "re-run" : c.kind} ${c.udfPath}`;
    byPath.set(label, [...(byPath.get(label) ?? []), c.ms]);
  }
  for (const [label, ms] of byPath) {
    const sortedMs = [...ms].sort((a, b) => a - b);
    console.log(
      `  ${label}: ${ms.length} calls, median ${pct(sortedMs, 50).toFixed(1)} ms, p95 ${pct(sortedMs, 95).toFixed(1)} ms`,
    );
  }
  console.log(
    `  send to receiver's thread (Node clients): p50 ${pct(lat, 50).toFixed(1)} ms, p95 ${pct(lat, 95).toFixed(1)} ms`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({ bench: "reactivity", pairs: PAIRS, messages: MESSAGES, subscriptions, executionsPerMessage: perMessage, latenciesMs: latencies, counters: m ? { commits: delta("commits"), checked: delta("checked"), reruns: delta("reruns"), executions: delta("executions") } : null })}`,
  );
} finally {
  for (const c of clients) await c.close();
  await runtime.close();
}
