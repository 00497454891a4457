// The sync protocol over time: the clock fields the client derives its
// timings from, a connection left idle past the client's inactivity limit,
// and a mutation whose acknowledgement was lost to a reconnect.
import { anyApi } from "convex/server";
import WebSocket from "ws";
import { afterAll, beforeAll, expect, it } from "vitest";
import { client, copyFixture, httpClient, startRuntime, tempDir, waitFor, type Running } from "./harness.js";

const api = anyApi;
let rt: Running;
const opened: { close(): unknown }[] = [];

beforeAll(async () => {
  rt = await startRuntime({ appDir: copyFixture(), dataDir: tempDir("local-convex-protocol-") });
}, 90_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  await rt?.stop();
});

function collectingLogger() {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  return { lines, logger: { log: push, warn: push, error: push, logVerbose: () => {} } };
}

it("sends serverTs in nanoseconds and clientClockSkew as client minus server, in milliseconds", async () => {
  const ws = new WebSocket(`${rt.cloudUrl.replace("http", "ws")}/api/1.48.0/sync`);
  opened.push({ close: () => ws.close() });
  await new Promise((r) => ws.once("open", r));
  const messages: any[] = [];
  ws.on("message", (d) => messages.push(JSON.parse(String(d))));
  // A client whose clock runs 100 s ahead of the server's.
  const ahead = 100_000;
  ws.send(JSON.stringify({ type: "Connect", sessionId: crypto.randomUUID(), connectionCount: 0, lastCloseReason: "InitialConnect", clientTs: Date.now() + ahead }));
  ws.send(JSON.stringify({ type: "ModifyQuerySet", baseVersion: 0, newVersion: 1, modifications: [] }));
  const transition = await waitFor(() => messages.find((m) => m.type === "Transition"), "transition");
  expect(Math.abs(transition.clientClockSkew - ahead)).toBeLessThan(2_000);
  expect(Math.abs(transition.serverTs / 1e6 - Date.now())).toBeLessThan(2_000);
  // The client's own estimate of the transit time (web_socket_manager.js) comes out near zero.
  const transit = Date.now() + ahead - transition.clientClockSkew - transition.serverTs / 1e6;
  expect(Math.abs(transit)).toBeLessThan(2_000);
});

it("keeps an idle client connected past the client's 60 s inactivity limit, and its calls resolve", async () => {
  const { lines, logger } = collectingLogger();
  const c = client(rt.cloudUrl, { logger });
  opened.push(c);
  let latest: any[] | undefined;
  c.onUpdate(api.messages.list, { channel: "idle" }, (v) => (latest = v));
  await waitFor(() => latest !== undefined, "first result");
  await c.mutation(api.messages.send, { channel: "idle", body: "before" });
  await new Promise((r) => setTimeout(r, 65_000));
  expect(lines.filter((l) => /InactiveServer|reconnect|took more than/.test(l))).toEqual([]);
  const id = await c.mutation(api.messages.send, { channel: "idle", body: "after" });
  expect(latest!.some((m) => m._id === id)).toBe(true);
}, 90_000);

it("resolves a mutation whose response was lost to a reconnect, running it once", async () => {
  // The socket drops as the MutationResponse arrives, before the Transition
  // that would resolve it: the client reconnects and re-sends the mutation.
  let dropped = false;
  class DropsAfterResponse extends WebSocket {
    override emit(event: string | symbol, ...args: any[]): boolean {
      if (event === "message" && !dropped && String(args[0]).includes('"type":"MutationResponse"')) {
        dropped = true;
        const result = super.emit(event, ...args);
        this.terminate();
        return result;
      }
      return super.emit(event, ...args);
    }
  }
  const c = client(rt.cloudUrl, { webSocketConstructor: DropsAfterResponse });
  opened.push(c);
  let latest: number | undefined;
  c.onUpdate(api.counters.get, { name: "lost-ack" }, (v) => (latest = v));
  await waitFor(() => latest !== undefined, "first result");
  const result = await c.mutation(api.counters.increment, { name: "lost-ack" });
  expect(dropped).toBe(true);
  expect(result).toBe(1);
  expect(await httpClient(rt.cloudUrl).query(api.counters.get, { name: "lost-ack" })).toBe(1);
  await waitFor(() => latest === 1, "subscription after reconnect");
});
