// The deployment's HTTP surfaces: the API `ConvexHttpClient` uses
// (`/api/query|mutation|action|function`, `/api/query_ts`), file storage
// uploads and downloads, and the app's own HTTP actions on the site port.
import crypto from "node:crypto";
import type http from "node:http";
import { convexToJson, jsonToConvex } from "convex/values";
import { AuthError, type TokenVerifier } from "./auth.js";
import type { CallOutcome, Engine, Identity, RequestInfo } from "./engine.js";
import type { FunctionKind } from "./loader.js";
import { encodeTs } from "./sync.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export function readBody(req: http.IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
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

/**
 * Names the runtime's client-address token (RuntimeOptions.forwardedForToken): a request carrying
 * it may say who it acts for in X-Forwarded-For. Lower case, as Node gives header names.
 */
export const FORWARDED_FOR_TOKEN_HEADER = "x-local-convex-forward-token";

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  // X-Forwarded-For and the token: the e2e browsers send both on every request (one client address
  // per test, see clientInfo), so a cross-origin file upload's preflight must allow them.
  "Access-Control-Allow-Headers": `Content-Type, Authorization, Convex-Client, Digest, X-Forwarded-For, ${FORWARDED_FOR_TOKEN_HEADER}`,
  "Access-Control-Max-Age": "86400",
};

function sendJson(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...CORS, ...extra });
  res.end(JSON.stringify(body));
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The caller as a deployment sees it: the socket's address. X-Forwarded-For is anyone's to write,
 * so it is believed only from a caller that also shows `forwardedForToken`, a random secret given
 * to this run of the runtime (the e2e stack gives it to its browsers, so that each test acts from
 * an address of its own); with no token configured it is never believed.
 */
export function clientInfo(req: http.IncomingMessage, forwardedForToken: string | null = null): RequestInfo {
  const token = header(req, FORWARDED_FOR_TOKEN_HEADER);
  const trusted = forwardedForToken !== null && token !== undefined && sameSecret(token, forwardedForToken);
  const forwarded = trusted ? header(req, "x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return { ip: forwarded || req.socket.remoteAddress || null, userAgent: req.headers["user-agent"] ?? null };
}

export interface HttpApiOptions {
  engine: Engine;
  /** The current verifier (replaced when auth.config.ts reloads). */
  verifier: () => TokenVerifier;
  cloudUrl: string;
  siteUrl: string;
  /** The client-address token (clientInfo); null: X-Forwarded-For is never believed. */
  forwardedForToken: string | null;
  log: (line: string) => void;
}

/** `Authorization: Bearer <jwt>` (a user) or `Convex <admin key>[:<acting identity>]` (an admin, as `npx convex run`). */
async function identityFromHeader(
  verifier: TokenVerifier,
  header: string | undefined,
): Promise<{ identity: Identity | null; admin: boolean }> {
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
}

function respond(res: http.ServerResponse, outcome: CallOutcome) {
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
}

/** Requests to the deployment URL (everything but the WebSocket upgrade). */
export function deploymentApi({ engine: eng, verifier, cloudUrl, forwardedForToken, log }: HttpApiOptions) {
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
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
          auth = await identityFromHeader(verifier(), req.headers.authorization);
        } catch (e: any) {
          sendJson(res, 401, { code: "Unauthenticated", message: e.message });
          return;
        }
        const body = JSON.parse((await readBody(req)).toString("utf8") || "{}");
        const kind = fnMatch[1] === "function" ? undefined : (fnMatch[1] as FunctionKind);
        const rawArgs = fnMatch[1] === "function" ? body.args : Array.isArray(body.args) ? body.args[0] : body.args;
        const outcome = await eng.call(String(body.path), jsonToConvex(rawArgs ?? {}), auth.identity, {
          publicOnly: !auth.admin,
          // ConvexHttpClient#function sends one; only an admin may name a component's function.
          componentPath: typeof body.componentPath === "string" ? body.componentPath : "",
          kind,
          caller: "http",
          request: clientInfo(req, forwardedForToken),
        });
        respond(res, outcome);
        return;
      }
      if (p === "/api/query_ts" && req.method === "POST") {
        sendJson(res, 200, { ts: encodeTs(eng.lastCommitTs) });
        return;
      }
      if (p === "/api/storage/upload" && req.method === "POST") {
        const owner = eng.storage.checkUploadToken(url.searchParams.get("token"));
        if (owner === null) {
          sendJson(res, 401, { code: "InvalidUploadToken", message: "The upload URL is invalid or has expired." });
          return;
        }
        const bytes = await readBody(req);
        const contentType = req.headers["content-type"];
        const storageId = await eng.storage.store(bytes, contentType || undefined, owner);
        sendJson(res, 200, { storageId });
        return;
      }
      const download = /^\/api\/storage\/([^/]+)$/.exec(p);
      if (download && (req.method === "GET" || req.method === "HEAD")) {
        const storageId = eng.storage.idFromUrlSegment(decodeURIComponent(download[1]));
        const blob = storageId ? eng.storage.get(storageId) : null;
        if (!blob || !storageId) {
          res.writeHead(404, { "Content-Type": "text/plain", ...CORS });
          res.end("File not found");
          return;
        }
        const meta = eng.storage.metadata(storageId);
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
  };
}

/** Requests to the site URL: the app's HTTP actions (convex/http.ts), with the Bearer token's identity. */
export function siteApi({ engine: eng, verifier, siteUrl, forwardedForToken, log }: HttpApiOptions) {
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      let identity: Identity | null = null;
      const header = req.headers.authorization;
      if (header?.startsWith("Bearer ") && header.split(".").length === 3) {
        try {
          identity = await verifier().verify(header.slice(7));
        } catch (e: any) {
          res.writeHead(401, { "Content-Type": "application/json", ...CORS });
          res.end(JSON.stringify({ code: "Unauthenticated", message: e.message }));
          return;
        }
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        // The token is the runtime's, not the app's to see.
        if (k === FORWARDED_FOR_TOKEN_HEADER) continue;
        if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
        else if (v !== undefined) headers.set(k, v);
      }
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
      const request = new Request(new URL(req.url ?? "/", siteUrl), {
        method: req.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      });
      const response = await eng.runHttp(request, identity, clientInfo(req, forwardedForToken));
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
  };
}
