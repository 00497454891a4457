// Assembles the runtime: data folder, keys, engine, the deployment's HTTP API
// and WebSocket sync on one port, and the app's HTTP actions on another.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseEnv } from "node:util";
import { convexToJson, jsonToConvex } from "convex/values";
import { WebSocketServer } from "ws";
import { AuthError, loadOrCreateKeys, TokenVerifier } from "./auth.js";
import { Engine, type CallOutcome, type Identity } from "./engine.js";
import { codegen, loadApp, type FunctionKind } from "./loader.js";
import { Persistence } from "./persistence.js";
import { ResultCache, SyncConnection, encodeTs } from "./sync.js";

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
}

export interface Runtime {
  cloudUrl: string;
  siteUrl: string;
  adminKey: string;
  engine: Engine;
  close(): Promise<void>;
}

export class StartupError extends Error {}

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

function readBody(req: http.IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error("Request body too large"));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  // X-Forwarded-For: the e2e browsers send it on every request (one client address per test, see
  // clientInfo), so a cross-origin file upload's preflight must allow it.
  "Access-Control-Allow-Headers": "Content-Type, Authorization, Convex-Client, Digest, X-Forwarded-For",
  "Access-Control-Max-Age": "86400",
};

function sendJson(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...CORS, ...extra });
  res.end(JSON.stringify(body));
}

/** The caller as a deployment sees it; behind a local proxy, the forwarded address. */
function clientInfo(req: http.IncomingMessage): { ip: string | null; userAgent: string | null } {
  const forwarded = req.headers["x-forwarded-for"];
  const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || req.socket.remoteAddress || null;
  return { ip, userAgent: req.headers["user-agent"] ?? null };
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
  if (!fs.existsSync(functionsDir)) throw new StartupError(`local-convex: functions folder ${functionsDir} does not exist.`);
  if (options.reset) {
    Persistence.reset(dataDir);
    log(`--reset: wiped ${dataDir}`);
  }
  loadEnvFile(options.envFile === undefined ? path.resolve(".env.local") : options.envFile, log);

  const persistence = new Persistence(dataDir);
  persistence.open();
  let engine: Engine | null = null;
  const servers: http.Server[] = [];
  const closeAll = async () => {
    engine?.close();
    for (const s of servers) {
      s.closeAllConnections?.();
      await new Promise<void>((r) => s.close(() => r()));
    }
    persistence.close();
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
    const cloudPort = await listen(cloud, options.port ?? 3210, host, "port");
    const sitePort = await listen(site, options.sitePort ?? 3211, host, "site");
    const cloudUrl = `http://${host}:${cloudPort}`;
    const siteUrl = `http://${host}:${sitePort}`;

    // What a deployment provides to its functions.
    process.env.CONVEX_CLOUD_URL = cloudUrl;
    process.env.CONVEX_SITE_URL = siteUrl;
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
    });
    engine.start(state);
    verifier = new TokenVerifier(app.authConfig, keys.adminKey);
    const eng = engine;

    eng.on("commit", (_ts: bigint, tables: Set<string>) => {
      cache.clear();
      for (const c of connections) c.invalidate(tables);
    });
    eng.on("reload", () => {
      cache.clear();
      verifier = new TokenVerifier(eng.app.authConfig, keys.adminKey);
      for (const c of connections) c.invalidate("all");
    });

    // --- WebSocket sync ---
    const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
    cloud.on("upgrade", (req, socket, head) => {
      if (!/^\/api\/[^/]+\/sync$/.test(new URL(req.url ?? "/", cloudUrl).pathname)) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new SyncConnection(ws, eng, () => verifier, cache, log, clientInfo(req));
        connections.add(conn);
        const ping = setInterval(() => ws.send(JSON.stringify({ type: "Ping" })), 20_000);
        ws.on("message", (data) => conn.handle(data.toString()));
        ws.on("close", () => {
          clearInterval(ping);
          conn.close();
          connections.delete(conn);
        });
        ws.on("error", () => ws.terminate());
      });
    });

    // --- HTTP API of the deployment ---
    const identityFromHeader = async (header: string | undefined): Promise<{ identity: Identity | null; admin: boolean }> => {
      if (!header) return { identity: null, admin: false };
      const [scheme, ...rest] = header.split(" ");
      const value = rest.join(" ");
      if (scheme === "Bearer") return { identity: await verifier.verify(value), admin: false };
      if (scheme === "Convex") {
        if (!verifier.isAdminKey(value)) throw new AuthError("Invalid admin key");
        const acting = value.split(":")[1];
        return { identity: acting ? JSON.parse(Buffer.from(acting, "base64").toString("utf8")) : null, admin: true };
      }
      throw new AuthError(`Unsupported authorization scheme '${scheme}'`);
    };
    const respond = (res: http.ServerResponse, outcome: CallOutcome) => {
      if (outcome.success) {
        sendJson(res, 200, { status: "success", value: convexToJson(outcome.value as any), logLines: outcome.logLines });
      } else {
        sendJson(res, 560, {
          status: "error",
          errorMessage: outcome.errorMessage,
          ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
          logLines: outcome.logLines,
        });
      }
    };

    cloud.on("request", async (req, res) => {
      try {
        const url = new URL(req.url ?? "/", cloudUrl);
        const p = url.pathname;
        if (req.method === "OPTIONS") {
          res.writeHead(204, CORS);
          res.end();
          return;
        }
        const fnMatch = /^\/api\/(query|mutation|action|function)$/.exec(p);
        if (fnMatch && req.method === "POST") {
          let auth: { identity: Identity | null; admin: boolean };
          try {
            auth = await identityFromHeader(req.headers.authorization);
          } catch (e: any) {
            sendJson(res, 401, { code: "Unauthenticated", message: e.message });
            return;
          }
          const body = JSON.parse((await readBody(req)).toString("utf8") || "{}");
          const kind = fnMatch[1] === "function" ? undefined : (fnMatch[1] as FunctionKind);
          const rawArgs = fnMatch[1] === "function" ? body.args : Array.isArray(body.args) ? body.args[0] : body.args;
          const outcome = await eng.call(String(body.path), jsonToConvex(rawArgs ?? {}), auth.identity, {
            publicOnly: !auth.admin,
            kind,
            caller: "http",
            request: clientInfo(req),
          });
          respond(res, outcome);
          return;
        }
        if (p === "/api/query_ts" && req.method === "POST") {
          sendJson(res, 200, { ts: encodeTs(eng.lastCommitTs) });
          return;
        }
        if (p === "/api/storage/upload" && req.method === "POST") {
          if (!eng.checkUploadToken(url.searchParams.get("token"))) {
            sendJson(res, 401, { code: "InvalidUploadToken", message: "The upload URL is invalid or has expired." });
            return;
          }
          const bytes = await readBody(req);
          const contentType = req.headers["content-type"];
          const storageId = await eng.storeBlob(bytes, contentType || undefined);
          sendJson(res, 200, { storageId });
          return;
        }
        const download = /^\/api\/storage\/([^/]+)$/.exec(p);
        if (download && (req.method === "GET" || req.method === "HEAD")) {
          const storageId = eng.storageIdFromUrlSegment(decodeURIComponent(download[1]));
          const blob = storageId ? eng.getBlob(storageId) : null;
          if (!blob || !storageId) {
            res.writeHead(404, { "Content-Type": "text/plain", ...CORS });
            res.end("File not found");
            return;
          }
          const meta = eng.storageMetadata(storageId);
          res.writeHead(200, {
            "Content-Type": blob.type || "application/octet-stream",
            "Content-Length": String(blob.size),
            "Cache-Control": "private, max-age=2592000, immutable",
            ...(meta?.sha256 ? { ETag: `"${meta.sha256}"` } : {}),
            ...CORS,
          });
          res.end(req.method === "HEAD" ? undefined : Buffer.from(await blob.arrayBuffer()));
          return;
        }
        if (p === "/" || p === "/instance_name" || p === "/version") {
          res.writeHead(200, { "Content-Type": "text/plain", ...CORS });
          res.end(p === "/instance_name" ? "local-convex" : "local-convex is running. Point ConvexReactClient at this URL.\n");
          return;
        }
        res.writeHead(404, { "Content-Type": "text/plain", ...CORS });
        res.end(`No such endpoint: ${req.method} ${p}`);
      } catch (e: any) {
        log(`HTTP ${req.method} ${req.url} failed: ${e?.stack ?? e}`);
        if (!res.headersSent) sendJson(res, 500, { code: "InternalServerError", message: String(e?.message ?? e) });
        else res.end();
      }
    });

    // --- The app's HTTP actions (convex/http.ts) ---
    site.on("request", async (req, res) => {
      try {
        let identity: Identity | null = null;
        const header = req.headers.authorization;
        if (header?.startsWith("Bearer ") && header.split(".").length === 3) {
          try {
            identity = await verifier.verify(header.slice(7));
          } catch (e: any) {
            res.writeHead(401, { "Content-Type": "application/json", ...CORS });
            res.end(JSON.stringify({ code: "Unauthenticated", message: e.message }));
            return;
          }
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
          else if (v !== undefined) headers.set(k, v);
        }
        const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
        const request = new Request(new URL(req.url ?? "/", siteUrl), {
          method: req.method,
          headers,
          body: body ? new Uint8Array(body) : undefined,
        });
        const response = await eng.runHttp(request, identity, clientInfo(req));
        const out: Record<string, string | string[]> = {};
        response.headers.forEach((value, key) => {
          if (key === "set-cookie") return;
          out[key] = value;
        });
        const cookies = response.headers.getSetCookie?.() ?? [];
        if (cookies.length) out["set-cookie"] = cookies;
        res.writeHead(response.status, out);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (e: any) {
        log(`HTTP action ${req.method} ${req.url} failed: ${e?.stack ?? e}`);
        if (!res.headersSent) {
          res.writeHead(500, { "Content-Type": "text/plain" });
          res.end("Internal Server Error");
        } else res.end();
      }
    });

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
          if (options.codegen !== false) await codegen(functionsDir);
          const next = await loadApp(functionsDir);
          eng.reload(next);
          log(`functions reloaded: ${next.functions.size} functions`);
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
