// A port that accepts connections answers them: while the app loads (codegen,
// bundling, importing modules), requests get 503 with Retry-After and
// WebSocket upgrades are refused the same way, instead of hanging.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { anyApi } from "convex/server";
import { afterAll, expect, it } from "vitest";
import { copyFixture, freePort, httpClient, startRuntime, tempDir, waitFor, type Running } from "./harness.js";

let rt: Running | null = null;
afterAll(async () => {
  await rt?.stop();
});

/** The raw status line and headers a server answers a request with, or null if it does not answer in 5 s. */
function rawAnswer(port: number, request: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, 5_000);
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk) => {
      data += chunk.toString();
      if (data.includes("\r\n\r\n")) {
        clearTimeout(timer);
        socket.destroy();
        resolve(data.split("\r\n\r\n")[0]);
      }
    });
    socket.on("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

it("answers 503 with a retry hint while the app loads, then serves", async () => {
  const appDir = copyFixture("apps/esm");
  const gate = path.join(tempDir("local-convex-gate-"), "open");
  // A module whose loading waits for the test: the app is mid-load until the gate opens.
  fs.writeFileSync(
    path.join(appDir, "convex", "slowLoad.ts"),
    `"use node";\nimport { existsSync } from "node:fs";\nimport { action } from "./_generated/server";\n` +
      `await new Promise<void>((resolve) => { const t = setInterval(() => { if (existsSync(${JSON.stringify(gate)})) { clearInterval(t); resolve(); } }, 20); });\n` +
      `export const ping = action({ args: {}, handler: async () => "pong" });\n`,
  );
  const port = await freePort();
  const sitePort = await freePort();
  const starting = startRuntime({ appDir, dataDir: tempDir("local-convex-loading-"), port, sitePort });
  starting.catch(() => {});

  // The port is open before the app is loaded; each kind of request is answered at once.
  const request = await waitFor(() => rawAnswer(port, "GET /api/query HTTP/1.1\r\nHost: x\r\n\r\n"), "an answer while loading", 60_000);
  expect(request).toMatch(/^HTTP\/1\.1 503/);
  expect(request).toMatch(/retry-after: 1/i);
  const site = await rawAnswer(sitePort, "GET /anything HTTP/1.1\r\nHost: x\r\n\r\n");
  expect(site).toMatch(/^HTTP\/1\.1 503/);
  const upgrade = await rawAnswer(
    port,
    "GET /api/1.48.0/sync HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  expect(upgrade).toMatch(/^HTTP\/1\.1 503/);
  expect(fs.existsSync(gate)).toBe(false);

  fs.writeFileSync(gate, "");
  rt = await starting;
  expect(await httpClient(rt.cloudUrl).action(anyApi.slowLoad.ping, {})).toBe("pong");
}, 120_000);
