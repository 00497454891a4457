// Assembles the runtime: data folder, keys, engine, the deployment's HTTP API
// and WebSocket sync on one port, and the app's HTTP actions on another.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import path from "node:path";
import { parseEnv } from "node:util";
import { WebSocketServer } from "ws";
import { loadOrCreateKeys, TokenVerifier } from "./auth.js";
import { Engine } from "./engine.js";
import { installFetchRoutes, type FetchRoute } from "./fetchRoutes.js";
import type { Limits } from "./limits.js";
import { clientInfo, deploymentApi, siteApi } from "./http-api.js";
import { codegen, loadApp } from "./loader.js";
import type { Change } from "./indexes.js";
import { Persistence } from "./persistence.js";
import { WriteSet } from "./readsets.js";
import { ResultCache, SyncConnection } from "./sync.js";
import { startTrace, stopTrace, tracer, traceNow } from "./trace.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface RuntimeOptions {
  functionsDir?: string;
  dataDir?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  sitePort?: number;
  reset?: boolean;
  codegen?: boolean;
  watch?: boolean;
  envFile?: string | null;
  /** Frontend origin, for SITE_URL when the environment does not set it. */
  siteUrl?: string;
  log?: (line: string) => void;
  logFunctionCalls?: boolean;
  /** Stricter transaction limits than Convex's (see limits.ts). */
  limits?: Limits;
  /** Address prefixes the functions' fetch is sent elsewhere from (fetchRoutes.ts). */
  fetchRoutes?: FetchRoute[];
  /**
   * A random secret: a request that carries it (http-api.ts FORWARDED_FOR_TOKEN_HEADER) may give
   * its client address in X-Forwarded-For. Unset (the default): the header is never believed.
   */
  forwardedForToken?: string | null;
}

export interface Runtime {
  cloudUrl: string;
  siteUrl: string;
  adminKey: string;
  engine: Engine;
  close(): Promise<void>;
}

export class StartupError extends Error {}

const PING_IDLE_MS = 15_000;
const PING_CHECK_MS = 5_000;

function listen(server: http.Server, port: number, host: string, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: any) => {
      server.off("listening", onListening);
      reject(
        new StartupError(
          e.code === "EADDRINUSE"
            ? `local-convex: port ${port} (${what}) is already in use. Stop whatever holds it, or choose another with --${what === "site" ? "site-port" : "port"}.`
            : `local-convex: cannot listen on ${host}:${port} (${what}): ${e.message}`,
        ),
      );
    };
    const onListening = () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

function loadEnvFile(file: string | null | undefined, log: (l: string) => void) {
  if (!file || !fs.existsSync(file)) return;
  const values = parseEnv(fs.readFileSync(file, "utf8"));
  let count = 0;
  for (const [key, value] of Object.entries(values)) {
    if (process.env[key] === undefined) {
      process.env[key] = value;
      count += 1;
    }
  }
  log(`environment: ${count} values from ${file} (the process environment wins)`);
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? ((line: string) => process.stdout.write(`[local-convex] ${line}\n`));
  const functionsDir = path.resolve(options.functionsDir ?? "convex");
  const dataDir = path.resolve(options.dataDir ?? ".data");
  const host = options.host ?? "127.0.0.1";
  const forwardedForToken = options.forwardedForToken || null;
  if (forwardedForToken !== null && forwardedForToken.length < 32) {
    throw new StartupError("local-convex: the client-address token must be a random secret of at least 32 characters.");
  }
  if (!fs.existsSync(functionsDir)) throw new StartupError(`local-convex: functions folder ${functionsDir} does not exist.`);
  if (options.reset) {
    Persistence.reset(dataDir);
    log(`--reset: wiped ${dataDir}`);
  }
  loadEnvFile(options.envFile === undefined ? path.resolve(".env.local") : options.envFile, log);

  const persistence = new Persistence(dataDir);
  persistence.open();
  startTrace(dataDir, log);
  let engine: Engine | null = null;
  const servers: http.Server[] = [];
  const closeAll = async () => {
    engine?.close();
    for (const s of servers) {
      s.closeAllConnections?.();
      await new Promise<void>((r) => s.close(() => r()));
    }
    persistence.close();
    stopTrace();
  };

  try {
    const state = persistence.load();
    const keys = await loadOrCreateKeys(persistence);
    let verifier = new TokenVerifier(null, keys.adminKey);
    const cache = new ResultCache();
    const connections = new Set<SyncConnection>();

    const cloud = http.createServer();
    const site = http.createServer();
    servers.push(cloud, site);
    // Handlers are attached before the ports listen (their numbers are needed to load the app), so a
    // client connecting while the app loads is told to come back, not left hanging.
    let deploymentHandler: http.RequestListener | null = null;
    let siteHandler: http.RequestListener | null = null;
    let upgradeHandler: ((req: http.IncomingMessage, socket: Duplex, head: Buffer) => void) | null = null;
    cloud.on("request", (req, res) => (deploymentHandler ? deploymentHandler(req, res) : answerLoading(res)));
    site.on("request", (req, res) => (siteHandler ? siteHandler(req, res) : answerLoading(res)));
    cloud.on("upgrade", (req, socket, head) => (upgradeHandler ? upgradeHandler(req, socket, head) : refuseUpgradeLoading(socket)));
    const cloudPort = await listen(cloud, options.port ?? 3210, host, "port");
    const sitePort = await listen(site, options.sitePort ?? 3211, host, "site");
    const cloudUrl = `http://${host}:${cloudPort}`;
    const siteUrl = `http://${host}:${sitePort}`;

    // What a deployment provides to its functions.
    process.env.CONVEX_CLOUD_URL = cloudUrl;
    process.env.CONVEX_SITE_URL = siteUrl;
    installFetchRoutes(options.fetchRoutes ?? [], () => siteUrl);
    process.env.JWT_PRIVATE_KEY ??= keys.jwtPrivateKey;
    process.env.JWKS ??= keys.jwks;
    if (options.siteUrl) process.env.SITE_URL ??= options.siteUrl;

    if (options.codegen !== false) await codegen(functionsDir);
    const app = await loadApp(functionsDir);
    engine = new Engine(app, {
      persistence,
      urlSecret: keys.urlSecret,
      cloudUrl: () => cloudUrl,
      log,
      logFunctionCalls: options.logFunctionCalls,
      limits: options.limits,
    });
    engine.start(state);
    verifier = new TokenVerifier(app.authConfig, keys.adminKey);
    const eng = engine;

    eng.on("commit", (ts: bigint, _tables: Set<string>, changes: Change[], origin: object | undefined) => {
      cache.clear();
      eng.reactivity.commits += 1;
      const writes = new WriteSet(changes, ts);
      // The client whose mutation this is goes last: the others are waiting to see it.
      for (const c of connections) if (c !== origin) c.invalidate(writes);
      if (origin instanceof SyncConnection && connections.has(origin)) origin.invalidate(writes);
      const trace = tracer?.of(ts);
      if (trace) trace.connections = connections.size;
    });
    eng.on("reload", () => {
      cache.clear();
      verifier = new TokenVerifier(eng.app.authConfig, keys.adminKey);
      for (const c of connections) c.invalidate("all");
    });

    // --- WebSocket sync ---
    const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
    upgradeHandler = (req, socket, head) => {
      if (!/^\/api\/[^/]+\/sync$/.test(new URL(req.url ?? "/", cloudUrl).pathname)) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new SyncConnection(ws, eng, () => verifier, cache, log, clientInfo(req, forwardedForToken));
        connections.add(conn);
        // Convex pings every 15 s in the absence of other messages.
        const ping = setInterval(() => conn.keepAlive(PING_IDLE_MS), PING_CHECK_MS);
        ws.on("message", (data) => conn.handle(data.toString(), tracer ? traceNow() : 0));
        ws.on("close", () => {
          clearInterval(ping);
          conn.close();
          connections.delete(conn);
        });
        ws.on("error", () => ws.terminate());
      });
    };

    // --- HTTP API of the deployment, and the app's HTTP actions (convex/http.ts) ---
    const api = { engine: eng, verifier: () => verifier, cloudUrl, siteUrl, forwardedForToken, log };
    deploymentHandler = deploymentApi(api);
    siteHandler = siteApi(api);

    // --- Dev loop ---
    let watcher: fs.FSWatcher | null = null;
    if (options.watch) {
      let timer: NodeJS.Timeout | null = null;
      let running = false;
      let again = false;
      const rebuild = async () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          // Types and functions at once: the bundles do not depend on what
          // codegen regenerates (api.js is `anyApi`), the editor does.
          const types = options.codegen !== false ? codegen(functionsDir) : Promise.resolve();
          types.catch(() => {}); // reported below, after the reload
          try {
            const next = await loadApp(functionsDir);
            eng.reload(next);
            log(`functions reloaded: ${next.functions.size} functions`);
          } finally {
            await types;
          }
        } catch (e: any) {
          log(String(e?.message ?? e).split("\n")[0]);
        } finally {
          running = false;
          if (again) {
            again = false;
            void rebuild();
          }
        }
      };
      watcher = fs.watch(functionsDir, { recursive: true }, (_event, file) => {
        if (!file || String(file).includes("_generated") || String(file).split("/").pop()!.startsWith(".")) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void rebuild(), 150);
      });
    }

    fs.writeFileSync(
      path.join(dataDir, "runtime.json"),
      JSON.stringify({ pid: process.pid, cloudUrl, siteUrl, adminKey: keys.adminKey }, null, 2),
    );
    log(`ready: ${cloudUrl} (site ${siteUrl}), ${eng.documentCount()} documents, ${app.functions.size} functions, data in ${dataDir}`);

    return {
      cloudUrl,
      siteUrl,
      adminKey: keys.adminKey,
      engine: eng,
      close: async () => {
        watcher?.close();
        for (const c of connections) c.close();
        wss.clients.forEach((ws) => ws.terminate());
        await closeAll();
      },
    };
  } catch (e) {
    await closeAll();
    throw e;
  }
}

/** Seconds a client is asked to wait while the app loads (loading takes a few seconds at most). */
const LOADING_RETRY_AFTER_S = 1;

function answerLoading(res: http.ServerResponse): void {
  res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(LOADING_RETRY_AFTER_S), "Access-Control-Allow-Origin": "*" });
  res.end("The deployment is starting; retry shortly.\n");
}

function refuseUpgradeLoading(socket: Duplex): void {
  socket.end(`HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${LOADING_RETRY_AFTER_S}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
