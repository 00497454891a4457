// Talking to the local runtime as an admin: the URL and admin key it writes to
// `<data>/runtime.json`, and references to internal functions for
// ConvexHttpClient (the same role `npx convex run` plays on a deployment).
import fs from "node:fs";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { getFunctionName, makeFunctionReference, type FunctionReference, type FunctionType } from "convex/server";

export interface RuntimeInfo {
  pid: number;
  cloudUrl: string;
  siteUrl: string;
  adminKey: string;
}

/** What the runtime wrote at start-up in `dataDir`, or null if it never ran there. */
export function readRuntimeInfo(dataDir: string): RuntimeInfo | null {
  const file = path.join(dataDir, "runtime.json");
  if (!fs.existsSync(file)) return null;
  const info = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<RuntimeInfo>;
  if (!info.cloudUrl || !info.adminKey) throw new Error(`${file} has no cloudUrl/adminKey; restart the runtime.`);
  return info as RuntimeInfo;
}

/** Whether a local runtime answers at `url`. */
export async function isRuntimeUp(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL("/instance_name", url), { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** A ConvexHttpClient that may call internal functions (admin key). */
export function adminClient(url: string, adminKey: string): ConvexHttpClient {
  const client = new ConvexHttpClient(url, { skipConvexDeploymentUrlCheck: true, logger: false });
  // Not in the public typings, but part of the client: how the CLI's `convex run` authenticates.
  (client as unknown as { setAdminAuth(key: string): void }).setAdminAuth(adminKey);
  return client;
}

/**
 * An internal function's reference, typed as callable from ConvexHttpClient.
 * The admin key is what allows the call; without it the runtime refuses it.
 */
export function asAdminCallable<Type extends FunctionType, Args extends Record<string, unknown>, Return>(
  ref: FunctionReference<Type, "internal", Args, Return>,
): FunctionReference<Type, "public", Args, Return> {
  return makeFunctionReference<Type, Args, Return>(getFunctionName(ref));
}
