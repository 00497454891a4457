// Durability under fire: 8 clients write multi-document mutations
// concurrently and the runtime is killed with SIGKILL in the middle of the
// stream, 20 times. After every restart each acknowledged mutation is there,
// none is half applied, and the data loads.
import { anyApi } from "convex/server";
import { afterAll, expect, it } from "vitest";
import { client, copyFixture, httpClient, startRuntime, tempDir, waitFor, type Running } from "./harness.js";

const api = anyApi;
const CLIENTS = 8;
const ROUNDS = 20;
let rt: Running | null = null;

afterAll(async () => {
  await rt?.stop();
});

it("keeps every acknowledged mutation and no half-applied one across 20 kill -9 mid-stream", async () => {
  const appDir = copyFixture("apps/esm");
  const dataDir = tempDir("local-convex-fire-");
  const names = Array.from({ length: CLIENTS }, (_, i) => `c${i}`);
  const acked: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  let totalAcked = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // The first start runs codegen for the scratch app; later ones reuse it.
    rt = await startRuntime({ appDir, dataDir, args: round === 0 ? ["--quiet"] : ["--quiet", "--no-codegen"] });
    const http = httpClient(rt.cloudUrl);
    const { counters, halves } = await http.query(api.ledger.state, {});
    for (const name of names) {
      const committed = counters[name] ?? 0;
      // Every acknowledged mutation survived; at most the one in flight at the kill committed unacknowledged.
      expect(committed, `round ${round}, client ${name}`).toBeGreaterThanOrEqual(acked[name]);
      expect(committed, `round ${round}, client ${name}`).toBeLessThanOrEqual(acked[name] + 1);
      // All or nothing: both halves of every committed mutation, and nothing else.
      expect(halves[name] ?? { a: 0, b: 0 }, `round ${round}, client ${name}`).toEqual({ a: committed, b: committed });
      acked[name] = committed;
    }
    if (round === ROUNDS - 1) break;
    const clients = names.map(() => client(rt!.cloudUrl, { logger: false }));
    let stop = false;
    let roundAcked = 0;
    const writers = names.map(async (name, i) => {
      let seq = acked[name];
      while (!stop) {
        seq += 1;
        try {
          await clients[i].mutation(api.ledger.record, { client: name, seq });
        } catch {
          return; // the runtime is gone
        }
        if (stop) return; // acknowledged after the kill started: still counted below
        acked[name] = seq;
        totalAcked += 1;
        roundAcked += 1;
      }
    });
    // Kill in the middle of the stream: once the writers are going, at a different moment each round.
    await waitFor(() => roundAcked >= CLIENTS, `round ${round}: writes acknowledged`, 60_000);
    await new Promise((r) => setTimeout(r, (round * 137) % 400));
    stop = true;
    await rt.kill9();
    await Promise.race([Promise.all(writers), new Promise((r) => setTimeout(r, 200))]);
    for (const c of clients) void c.close();
  }
  // Every kill came mid-stream, after writes were acknowledged in that round.
  expect(totalAcked).toBeGreaterThanOrEqual((ROUNDS - 1) * CLIENTS);
}, 900_000);
