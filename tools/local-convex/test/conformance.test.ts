// Conformance: the unmodified Convex clients against the runtime, on the fixture app.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConvexReactClient } from "convex/react";
import { anyApi, makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  copyFixture,
  freePort,
  httpClient,
  mintToken,
  startExpectingFailure,
  startRuntime,
  tempDir,
  waitFor,
  type Running,
} from "./harness.js";

const api = anyApi;
let appDir: string;
let rt: Running;
const opened: { close(): unknown }[] = [];
const track = <T extends { close(): unknown }>(c: T) => (opened.push(c), c);
const tmpData = () => tempDir("local-convex-data-");

beforeAll(async () => {
  appDir = copyFixture();
  fs.writeFileSync(path.join(appDir, ".env.local"), "FIXTURE_GREETING=hello from .env.local\n");
  // The first start runs codegen for the scratch app; later starts reuse it.
  rt = await startRuntime({ appDir, dataDir: tmpData() });
}, 60_000);

afterAll(async () => {
  for (const c of opened) await c.close();
  await rt?.stop();
});

describe("queries and mutations over the WebSocket protocol", () => {
  it("delivers a subscribed query's updates when another client writes", async () => {
    const reader = track(client(rt.cloudUrl));
    const writer = track(client(rt.cloudUrl));
    const seen: any[][] = [];
    reader.onUpdate(api.messages.list, { channel: "live" }, (v) => seen.push(v));
    await waitFor(() => seen.length > 0, "first result");
    expect(seen.at(-1)).toEqual([]);
    await writer.mutation(api.messages.send, { channel: "live", body: "hello" });
    await waitFor(() => seen.at(-1)?.length === 1, "pushed update");
    expect(seen.at(-1)![0].body).toBe("hello");
  });

  it("resolves a mutation only after the transition that contains its write", async () => {
    const c = track(client(rt.cloudUrl));
    let latest: any[] = [];
    c.onUpdate(api.messages.list, { channel: "order" }, (v) => (latest = v));
    await waitFor(() => latest !== undefined, "subscription");
    for (let i = 0; i < 5; i++) {
      const id = await c.mutation(api.messages.send, { channel: "order", body: `m${i}` });
      // Already visible in the subscription when the promise resolves.
      expect(latest.some((m) => m._id === id)).toBe(true);
    }
  });

  it("shows an optimistic update at once and settles it to the server's state", async () => {
    const react = track(
      new ConvexReactClient(rt.cloudUrl, {
        webSocketConstructor: WebSocket as any,
        skipConvexDeploymentUrlCheck: true,
        unsavedChangesWarning: false,
      }),
    );
    const watch = react.watchQuery(api.messages.list, { channel: "optimistic" });
    const values: any[] = [];
    watch.onUpdate(() => values.push(watch.localQueryResult()));
    await waitFor(() => watch.localQueryResult() !== undefined, "initial result");
    const pending = react.mutation(
      api.messages.send,
      { channel: "optimistic", body: "draft" },
      {
        optimisticUpdate: (store, args) => {
          const current = store.getQuery(api.messages.list, { channel: "optimistic" }) ?? [];
          store.setQuery(api.messages.list, { channel: "optimistic" }, [
            { _id: "optimistic", _creationTime: Date.now(), channel: args.channel, body: args.body },
            ...current,
          ]);
        },
      },
    );
    // Synchronously applied, before any server round trip.
    expect(watch.localQueryResult()?.[0]?._id).toBe("optimistic");
    const id = await pending;
    const settled = watch.localQueryResult()!;
    expect(settled).toHaveLength(1);
    expect(settled[0]._id).toBe(id);
    expect(values.some((v) => v?.[0]?._id === "optimistic")).toBe(true);
  });

  it("delivers ConvexError data to the caller", async () => {
    const c = track(client(rt.cloudUrl));
    const error = await c.mutation(api.messages.send, { channel: "x", body: "   " }).catch((e) => e);
    expect(error).toBeInstanceOf(ConvexError);
    expect(error.data).toEqual({ code: "EMPTY_MESSAGE", message: "Message cannot be empty" });
  });

  it("reports argument validation failures as Convex words them", async () => {
    const c = track(client(rt.cloudUrl));
    const error = await c.mutation(api.messages.send, { channel: 5 as any, body: "x" }).catch((e) => e);
    expect(String(error.message)).toContain("ArgumentValidationError");
  });

  it("refuses internal functions from clients", async () => {
    const c = track(client(rt.cloudUrl));
    const error = await c.query(makeFunctionReference<"query">("messages:secretCount"), {}).catch((e) => e);
    expect(String(error.message)).toContain("Could not find public function for 'messages:secretCount'");
    const http = httpClient(rt.cloudUrl);
    await expect(http.mutation(makeFunctionReference<"mutation">("messages:insertInternal"), { channel: "a", body: "b" })).rejects.toThrow(
      /Could not find public function/,
    );
  });

  it("delivers a function's log lines to the client", async () => {
    const lines: string[] = [];
    const logger = {
      log: (...args: unknown[]) => lines.push(args.map(String).join(" ")),
      warn: () => {},
      error: () => {},
      logVerbose: () => {},
    };
    const c = track(client(rt.cloudUrl, { logger }));
    await c.mutation(api.messages.send, { channel: "logs", body: "12345" });
    expect(lines.some((l) => l.includes("'sending' 5"))).toBe(true);
  });

  it("passes the caller's address and user agent to ctx.meta.getRequestMetadata()", async () => {
    const c = track(client(rt.cloudUrl));
    expect(await c.mutation(api.messages.whereFrom, {})).toMatchObject({ ip: expect.stringMatching(/127\.0\.0\.1/) });
    const res = await fetch(`${rt.cloudUrl}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "conformance-test/1.0" },
      body: JSON.stringify({ path: "messages:whereFrom", args: [{}], format: "convex_encoded_json" }),
    });
    expect((await res.json()).value).toMatchObject({ userAgent: "conformance-test/1.0" });
  });

  it("never takes a client's X-Forwarded-For for its address without the runtime's token", async () => {
    const res = await fetch(`${rt.cloudUrl}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7", "X-Local-Convex-Forward-Token": "a".repeat(40) },
      body: JSON.stringify({ path: "messages:whereFrom", args: [{}], format: "convex_encoded_json" }),
    });
    expect((await res.json()).value).toMatchObject({ ip: expect.stringMatching(/127\.0\.0\.1/) });
  });

  it("reports a failing query to its subscriber", async () => {
    const c = track(client(rt.cloudUrl));
    const error = await new Promise<Error>((resolve) => c.onUpdate(api.messages.failing, {}, () => {}, resolve));
    expect(error.message).toContain("this query always fails");
  });
});

describe("auth", () => {
  it("accepts a valid token and passes the identity to functions", async () => {
    const token = await mintToken(rt.dataDir, rt.siteUrl, { sub: "user-1|session-1", name: "Ada" });
    const c = track(client(rt.cloudUrl));
    const states: boolean[] = [];
    c.setAuth(async () => token, (ok) => states.push(ok));
    let who: any;
    c.onUpdate(api.messages.whoami, {}, (v) => (who = v));
    await waitFor(() => who?.subject, "identity");
    expect(who).toEqual({ subject: "user-1|session-1", tokenIdentifier: `${rt.siteUrl}|user-1|session-1`, name: "Ada" });
    expect(states).toContain(true);
  });

  it("rejects a token signed by another key", async () => {
    const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = await mintToken(rt.dataDir, rt.siteUrl, {
      sub: "intruder",
      key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    });
    const c = track(client(rt.cloudUrl));
    const states: boolean[] = [];
    c.setAuth(async () => forged, (ok) => states.push(ok));
    await waitFor(() => states.includes(false), "auth refused");
    expect(await c.query(api.messages.whoami, {})).toBeNull();
    // Over HTTP a bad token is a 401, never an anonymous call.
    const res = await fetch(`${rt.cloudUrl}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${forged}` },
      body: JSON.stringify({ path: "messages:whoami", args: [{}], format: "convex_encoded_json" }),
    });
    expect(res.status).toBe(401);
  });

  it("rejects an expired token", async () => {
    const expired = await mintToken(rt.dataDir, rt.siteUrl, { sub: "late", expiresInSeconds: -60 });
    const c = track(client(rt.cloudUrl));
    const states: boolean[] = [];
    c.setAuth(async () => expired, (ok) => states.push(ok));
    await waitFor(() => states.includes(false), "expired token refused");
    expect(states).not.toContain(true);
  });

  it("passes a Bearer identity to HTTP actions and keeps their CORS", async () => {
    const token = await mintToken(rt.dataDir, rt.siteUrl, { sub: "http-user" });
    const res = await fetch(`${rt.siteUrl}/echo`, { method: "POST", body: "ping", headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.json();
    expect(body).toMatchObject({ body: "ping", subject: "http-user", url: `${rt.siteUrl}/echo` });
    expect(body.env).toBe("hello from .env.local");
    const preflight = await fetch(`${rt.siteUrl}/echo`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST");
    const bad = await fetch(`${rt.siteUrl}/echo`, { method: "POST", body: "x", headers: { Authorization: `Bearer ${token}x` } });
    expect(bad.status).toBe(401);
  });
});

describe("pagination", () => {
  it("keeps every row of a live paginated query while rows are inserted and deleted", async () => {
    const writer = httpClient(rt.cloudUrl);
    for (let rank = 10; rank <= 100; rank += 10) await writer.mutation(api.items.add, { rank });
    const c = track(client(rt.cloudUrl));
    let latest: any;
    c.onPaginatedUpdate_experimental(api.items.page, {}, { initialNumItems: 4 }, (v: any) => (latest = v));
    await waitFor(() => latest?.results?.length === 4, "first page");
    latest.loadMore(4);
    await waitFor(() => latest.results.length === 8, "second page");
    latest.loadMore(4);
    await waitFor(() => latest.status === "Exhausted" && latest.results.length === 10, "all pages");
    // Rows land inside pages, at their boundaries and at both ends; a page's last row goes.
    await Promise.all([
      writer.mutation(api.items.add, { rank: 15 }),
      writer.mutation(api.items.add, { rank: 35 }),
      writer.mutation(api.items.add, { rank: 45 }),
      writer.mutation(api.items.add, { rank: 5 }),
      writer.mutation(api.items.add, { rank: 105 }),
      writer.mutation(api.items.removeRank, { rank: 40 }),
      writer.mutation(api.items.add, { rank: 85 }),
    ]);
    const expected: number[] = await writer.query(api.items.all, {});
    await waitFor(
      () => JSON.stringify(latest.results.map((r: any) => r.rank)) === JSON.stringify(expected),
      `pages to equal ${expected}`,
    );
    expect(expected).toEqual([5, 10, 15, 20, 30, 35, 45, 50, 60, 70, 80, 85, 90, 100, 105]);
  });
});

describe("index ranges", () => {
  it("returns exactly the range, in order, for bounds and equalities", async () => {
    const http = httpClient(rt.cloudUrl);
    const ranks: number[] = await http.query(api.items.all, {});
    const expect_ = (above: number, atMost: number) => ranks.filter((r) => r > above && r <= atMost);
    expect(await http.query(api.items.between, { above: 20, atMost: 85, desc: false })).toEqual(expect_(20, 85));
    expect(await http.query(api.items.between, { above: 20, atMost: 85, desc: true })).toEqual(expect_(20, 85).reverse());
    expect(await http.query(api.items.between, { above: 1000, atMost: 2000, desc: false })).toEqual([]);
    // Reads stay proportional to the range, not the table.
    const line = await waitFor(() => rt.output.findLast((l) => l.includes("Q items:between ok")), "log line");
    expect(line).toContain("(scanned 0)");
  });

  it("merges a mutation's own inserts, patches and deletes into the ranges it reads", async () => {
    const http = httpClient(rt.cloudUrl);
    const base = 7000;
    for (let rank = 1; rank <= 5; rank++) await http.mutation(api.items.add, { rank: base + rank });
    const seen = await http.mutation(api.items.rangesInTransaction, { base });
    expect(seen).toEqual({
      asc: [1, 3, 3.5, 5, 6, 8.5],
      desc: [8.5, 6, 5, 3.5, 3, 1],
      gone: null,
      middle: [3, 3.5, 5],
      newest: [3.5, 6],
    });
    // Committed, the index holds the same.
    const after: number[] = await http.query(api.items.between, { above: base, atMost: base + 100, desc: false });
    expect(after.map((r) => r - base)).toEqual(seen.asc);
  });
});

describe("file storage", () => {
  it("uploads, serves with the content type and CORS, and stores from actions", async () => {
    const c = track(client(rt.cloudUrl));
    const uploadUrl: string = await c.mutation(api.files.generateUploadUrl, {});
    expect(uploadUrl.startsWith(`${rt.cloudUrl}/api/storage/upload?token=`)).toBe(true);
    const bytes = crypto.randomBytes(5000);
    const up = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: bytes });
    expect(up.status).toBe(200);
    const { storageId } = await up.json();
    const info = await c.query(api.files.url, { storageId });
    expect(info).toMatchObject({ contentType: "image/png", size: 5000 });
    const down = await fetch(info.url, { headers: { Origin: "http://localhost:5173" } });
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("image/png");
    expect(down.headers.get("access-control-allow-origin")).toBe("*");
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
    // A guessed URL for the same file does not work: links are bearer secrets.
    const guessed = await fetch(`${rt.cloudUrl}/api/storage/${storageId}-0123456789abcdef0123456789abcdef`);
    expect(guessed.status).toBe(404);
    // As on Convex, the type recorded and served is whatever the uploader declared, bytes unexamined:
    // the app must check the bytes itself (convex/model/sniff.ts), and here it is tested against that.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const lying = await fetch(await c.mutation(api.files.generateUploadUrl, {}), { method: "POST", headers: { "Content-Type": "image/png" }, body: svg });
    const lied = await c.query(api.files.url, { storageId: (await lying.json()).storageId });
    expect(lied).toMatchObject({ contentType: "image/png", size: svg.length });
    const served = await fetch(lied.url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(svg)).toBe(true);
    const forgedUpload = await fetch(`${rt.cloudUrl}/api/storage/upload?token=1.2.3`, { method: "POST", body: "x" });
    expect(forgedUpload.status).toBe(401);
    const fromAction: string = await c.action(api.files.storeText, { text: "written by an action" });
    const text = await c.query(api.files.url, { storageId: fromAction });
    expect(text.contentType).toBe("text/plain");
    expect(await (await fetch(text.url)).text()).toBe("written by an action");
  });
});

describe("scheduler and crons", () => {
  it("runs a function scheduled with runAfter and records its state", async () => {
    const c = track(client(rt.cloudUrl));
    let latest: any[] = [];
    c.onUpdate(api.messages.list, { channel: "later" }, (v) => (latest = v));
    const started = Date.now();
    const jobId = await c.mutation(api.messages.sendLater, { channel: "later", body: "from the scheduler", delayMs: 300 });
    await waitFor(() => latest.length === 1, "scheduled insert");
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    const job = await waitFor(async () => {
      const j = await c.query(api.messages.scheduledJob, { id: jobId });
      return j?.state.kind === "success" ? j : null;
    }, "job success");
    expect(job.name).toBe("messages:insertInternal");
    // Exactly once, as on Convex: the job's success is written by the commit that holds the
    // mutation's own writes, so no crash can leave one without the other.
    const commits = fs
      .readFileSync(path.join(rt.dataDir, "commits.log"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line.slice(line.indexOf(" ") + 1)).w as [string, any][]);
    const done = commits.filter((w) => w.some(([id, doc]) => id === jobId && doc?.state?.kind === "success"));
    expect(done).toHaveLength(1);
    expect(done[0].some(([, doc]) => doc?.body === "from the scheduler")).toBe(true);
    expect(commits.some((w) => w.some(([id, doc]) => id === jobId && doc?.state?.kind === "inProgress"))).toBe(false);
  });

  it("rolls back a scheduled mutation that throws and records the job as failed", async () => {
    const c = track(client(rt.cloudUrl));
    const jobId = await c.mutation(api.messages.sendLaterThenFail, { channel: "later-failing", body: "never kept" });
    const job = await waitFor(async () => {
      const j = await c.query(api.messages.scheduledJob, { id: jobId });
      return j?.state.kind === "failed" ? j : null;
    }, "job failed");
    expect(job.state.error).toContain("failed after writing");
    expect(await c.query(api.messages.list, { channel: "later-failing" })).toEqual([]);
  });

  it("fires crons on their schedule", async () => {
    const http = httpClient(rt.cloudUrl);
    const first: number = await http.query(api.counters.events, { kind: "cron" });
    await waitFor(async () => (await http.query(api.counters.events, { kind: "cron" })) >= first + 2, "two more cron runs", 5000);
  });
});

describe("observability", () => {
  it("counts documents .filter() dropped as read and scanned, as Convex does", async () => {
    const http = httpClient(rt.cloudUrl);
    const total = (await http.query(api.items.all, {})).length;
    await http.query(api.items.countAboveByFilter, { min: 1000 });
    const line = await waitFor(
      () => rt.output.findLast((l) => l.includes("Q items:countAboveByFilter ok")),
      "call log line",
    );
    // As Convex counts them: every document the query fetched is read, also those .filter() dropped.
    expect(line).toContain(`read ${total} docs`);
    expect(line).toContain(`(scanned ${total})`);
  });
});

describe("reconnects", () => {
  it("applies a mutation re-sent after a reconnect exactly once", async () => {
    // A socket that drops when the first MutationResponse arrives: the server
    // has run the mutation, the client never heard, so it re-sends it.
    let dropped = false;
    class FlakySocket extends WebSocket {
      override emit(event: string | symbol, ...args: any[]): boolean {
        if (event === "message" && !dropped && String(args[0]).includes('"type":"MutationResponse"')) {
          dropped = true;
          this.terminate();
          return false;
        }
        return super.emit(event, ...args);
      }
    }
    const c = track(client(rt.cloudUrl, { webSocketConstructor: FlakySocket }));
    const result = await c.mutation(api.counters.increment, { name: "once" });
    // Would be 2 if the re-sent mutation had run again.
    expect(dropped).toBe(true);
    expect(result).toBe(1);
    expect(await httpClient(rt.cloudUrl).query(api.counters.get, { name: "once" })).toBe(1);
  });
});

describe("durability", () => {
  it("keeps data and signed-in sessions across a restart", async () => {
    const dataDir = tmpData();
    const [port, sitePort] = [await freePort(), await freePort()];
    const args = ["--no-codegen"];
    const first = await startRuntime({ appDir, dataDir, port, sitePort, args });
    const token = await mintToken(dataDir, first.siteUrl, { sub: "returning-user" });
    await httpClient(first.cloudUrl).mutation(api.messages.send, { channel: "durable", body: "before restart" });
    await first.stop();
    const second = await startRuntime({ appDir, dataDir, port, sitePort, args });
    try {
      const http = httpClient(second.cloudUrl);
      expect((await http.query(api.messages.list, { channel: "durable" })).map((m: any) => m.body)).toEqual(["before restart"]);
      http.setAuth(token);
      expect((await http.query(api.messages.whoami, {}))?.subject).toBe("returning-user");
    } finally {
      await second.stop();
    }
  }, 60_000);

  it("answers a mutation re-sent after a restart with its first result, without running it again", async () => {
    // The client's session id and request id name a mutation across reconnects,
    // also to a restarted runtime: Convex answers the re-send, it does not re-run it.
    const dataDir = tmpData();
    const [port, sitePort] = [await freePort(), await freePort()];
    const args = ["--no-codegen", "--quiet"];
    const sessionId = crypto.randomUUID();
    const send = async (cloudUrl: string, requestId: number) => {
      const ws = new WebSocket(`${cloudUrl.replace("http", "ws")}/api/1.48.0/sync`);
      try {
        await new Promise((r) => ws.once("open", r));
        const messages: any[] = [];
        ws.on("message", (d) => messages.push(JSON.parse(String(d))));
        ws.send(JSON.stringify({ type: "Connect", sessionId, connectionCount: requestId, lastCloseReason: null, clientTs: Date.now() }));
        ws.send(JSON.stringify({ type: "Mutation", requestId, udfPath: "counters:increment", args: [{ name: "resent" }] }));
        return await waitFor(() => messages.find((m) => m.type === "MutationResponse"), "mutation response");
      } finally {
        ws.close();
      }
    };
    const first = await startRuntime({ appDir, dataDir, port, sitePort, args });
    const acknowledged = await send(first.cloudUrl, 0);
    expect(acknowledged).toMatchObject({ success: true, result: 1 });
    await first.kill9();
    const second = await startRuntime({ appDir, dataDir, port, sitePort, args });
    try {
      expect(await send(second.cloudUrl, 0)).toMatchObject({ success: true, result: 1, ts: acknowledged.ts });
      expect(await httpClient(second.cloudUrl).query(api.counters.get, { name: "resent" })).toBe(1);
      // A new request of the same session runs.
      expect(await send(second.cloudUrl, 1)).toMatchObject({ success: true, result: 2 });
    } finally {
      await second.stop();
    }
  }, 90_000);

  it("loses no acknowledged mutation to kill -9, and re-arms scheduled functions", async () => {
    const dataDir = tmpData();
    const first = await startRuntime({ appDir, dataDir, args: ["--no-codegen", "--quiet"] });
    const http = httpClient(first.cloudUrl);
    const jobId = await http.mutation(api.messages.sendLater, { channel: "crash-later", body: "after restart", delayMs: 8000 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await http.mutation(api.messages.send, { channel: "crash", body: `n${i}` }));
    // Still waiting to run when the process dies, so only a re-armed timer can run it.
    expect((await http.query(api.messages.scheduledJob, { id: jobId }))?.state.kind).toBe("pending");
    await first.kill9();
    const second = await startRuntime({ appDir, dataDir, args: ["--no-codegen", "--quiet"] });
    try {
      const c = httpClient(second.cloudUrl);
      const rows = await c.query(api.messages.list, { channel: "crash" });
      expect(rows.map((r: any) => r._id).sort()).toEqual([...ids].sort());
      await waitFor(
        async () => (await c.query(api.messages.list, { channel: "crash-later" })).some((r: any) => r.body === "after restart"),
        "re-armed scheduled function",
        20_000,
      );
    } finally {
      await second.stop();
    }
  }, 60_000);

  it("runs a scheduled mutation that kill -9 cut off again after the restart, once", async () => {
    // On Convex a scheduled mutation runs exactly once: one that never committed is still pending.
    const dataDir = tmpData();
    const args = ["--no-codegen"];
    const first = await startRuntime({ appDir, dataDir, args });
    const jobId = await httpClient(first.cloudUrl).mutation(api.messages.sendSlowlyLater, { channel: "cut-off", body: "slow", busyMs: 600 });
    await waitFor(() => first.output.some((l) => l.includes("slow insert started: slow")), "the scheduled mutation running");
    await first.kill9();
    const second = await startRuntime({ appDir, dataDir, args });
    try {
      const c = httpClient(second.cloudUrl);
      const job = await waitFor(async () => {
        const j = await c.query(api.messages.scheduledJob, { id: jobId });
        return j?.state.kind === "pending" ? null : j;
      }, "the job settled after the restart", 20_000);
      expect(job.state.kind).toBe("success");
      expect((await c.query(api.messages.list, { channel: "cut-off" })).map((m: any) => m.body)).toEqual(["slow"]);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it("stops on a corrupt data file without touching it, and --reset wipes explicitly", async () => {
    const dataDir = tmpData();
    const first = await startRuntime({ appDir, dataDir, args: ["--no-codegen", "--quiet"] });
    for (let i = 0; i < 3; i++) await httpClient(first.cloudUrl).mutation(api.messages.send, { channel: "c", body: `v${i}` });
    await first.stop();
    const log = path.join(dataDir, "commits.log");
    const lines = fs.readFileSync(log, "utf8").split("\n");
    lines[1] = lines[1].replace("v", "w"); // flip one byte of a complete entry
    fs.writeFileSync(log, lines.join("\n"));
    const before = fs.readFileSync(log);
    const failed = await startExpectingFailure({ appDir, dataDir, args: ["--no-codegen"] });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/commits\.log is corrupt at entry 2 .*--reset/);
    expect(fs.readFileSync(log).equals(before)).toBe(true);
    const wiped = await startRuntime({ appDir, dataDir, args: ["--no-codegen", "--reset", "--quiet"] });
    try {
      expect(await httpClient(wiped.cloudUrl).query(api.messages.list, { channel: "c" })).toEqual([]);
    } finally {
      await wiped.stop();
    }
  }, 60_000);

  it("says clearly when a port is taken", async () => {
    const result = await startExpectingFailure({
      appDir,
      dataDir: tmpData(),
      port: Number(new URL(rt.cloudUrl).port),
      args: ["--no-codegen"],
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/port \d+ \(port\) is already in use/);
  }, 30_000);
});
