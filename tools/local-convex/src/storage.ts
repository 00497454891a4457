// File storage: blobs on disk, `_storage` documents in the database, and the
// signed upload and download URLs a deployment hands out.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ConvexGlobal, DatabaseFake, Doc } from "./internals.js";
import type { Persistence } from "./persistence.js";
import { callContext, currentComponentPath, tableOfId } from "./context.js";
import { wrapAsyncSyscall, wrapJsSyscall } from "./syscalls.js";
import type { EngineHost } from "./host.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
export class Storage {
  constructor(
    private host: EngineHost,
    private persistence: Persistence,
    private urlSecret: string,
    private cloudUrl: () => string,
  ) {}

  private sign(value: string): string {
    // Hex, so the signature never contains the '-' that separates it from the id.
    return createHmac("sha256", this.urlSecret).update(value).digest("hex").slice(0, 32);
  }

  url(storageId: string): string {
    return `${this.cloudUrl()}/api/storage/${storageId}-${this.sign(`get:${storageId}`)}`;
  }

  /** Resolves a download path segment back to a storage id, or null if forged. */
  idFromUrlSegment(segment: string): string | null {
    const dash = segment.lastIndexOf("-");
    if (dash < 0) return null;
    const id = segment.slice(0, dash);
    const sig = Buffer.from(segment.slice(dash + 1));
    const expected = Buffer.from(this.sign(`get:${id}`));
    return sig.length === expected.length && timingSafeEqual(sig, expected) ? id : null;
  }

  /** An upload URL; one a component hands out stores into that component's own file storage, as on Convex. */
  uploadUrl(componentPath = ""): string {
    const expires = Date.now() + 60 * 60 * 1000;
    const nonce = randomBytes(6).toString("base64url");
    const owner = componentPath ? `.${Buffer.from(componentPath).toString("base64url")}` : "";
    const token = `${expires}.${nonce}.${this.sign(`upload:${expires}.${nonce}${componentPath ? `.${componentPath}` : ""}`)}${owner}`;
    return `${this.cloudUrl()}/api/storage/upload?token=${token}`;
  }

  /** The component ("" the app) an upload token stores into, or null if the token is forged or expired. */
  checkUploadToken(token: string | null): string | null {
    if (!token) return null;
    const [expires, nonce, sig, owner] = token.split(".");
    if (!expires || !nonce || !sig) return null;
    const componentPath = owner ? Buffer.from(owner, "base64url").toString("utf8") : "";
    const expected = this.sign(`upload:${expires}.${nonce}${componentPath ? `.${componentPath}` : ""}`);
    return sig === expected && Number(expires) > Date.now() ? componentPath : null;
  }

  async store(bytes: Buffer, contentType?: string, componentPath = ""): Promise<string> {
    const staged = this.persistence.stageBlob(bytes);
    try {
      const sha256 = createHash("sha256").update(bytes).digest("base64");
      const db = this.host.dbOf(componentPath);
      if (!db) throw new Error(`local-convex: no component is installed at '${componentPath}'`);
      // Blobs are named by storage id, unique across the app and its components (see engine.ts shareCounters).
      const storageId: string = await this.host.run(async () =>
        db.insert("_storage", { sha256, size: bytes.length, ...(contentType ? { contentType } : {}) }),
      );
      this.persistence.commitBlob(staged, storageId);
      return storageId;
    } catch (e) {
      this.persistence.discardBlob(staged);
      throw e;
    }
  }

  /** The file, as `db` (by default: whichever component's storage holds it, committed) sees it. */
  get(storageId: string, db?: DatabaseFake): Blob | null {
    const meta = db ? db.get("_storage", storageId) : this.metadata(storageId);
    if (meta === null) return null;
    const bytes = this.persistence.readBlob(storageId);
    if (bytes === null) return null;
    return new Blob([new Uint8Array(bytes)], meta.contentType ? { type: meta.contentType } : {});
  }

  /** A stored file's committed `_storage` document, in whichever component's storage holds it. */
  metadata(storageId: string): Doc | null {
    for (const space of this.host.spaces()) {
      const doc = space.db._documents[storageId];
      if (doc) return doc;
    }
    return null;
  }

  /** A committed delete of a `_storage` document removes its file. */
  onCommit(changed: [string, Doc | null][]): void {
    for (const [id, doc] of changed) if (doc === null && tableOfId(id) === "_storage") this.persistence.deleteBlob(id);
  }
}

/** Storage syscalls: real URLs and blobs on disk instead of convex-test's fakes. */
export function patchStorage(global: ConvexGlobal, storage: Storage): void {
  // Each component has its own file storage (its own `_storage`), as on Convex.
  const db = () => global.components[currentComponentPath()]?.db ?? global.components[""].db;
  wrapAsyncSyscall(global, {
    "1.0/storageGetUrl": async (jsonArgs) => {
      const { storageId } = JSON.parse(jsonArgs);
      callContext.getStore()?.reads.id(storageId);
      const meta = db().get("_storage", storageId);
      return JSON.stringify(meta === null ? null : storage.url(storageId));
    },
    "1.0/storageGenerateUploadUrl": async () => JSON.stringify(storage.uploadUrl(currentComponentPath())),
  });
  wrapJsSyscall(global, {
    "storage/storeBlob": async (args: any) => {
      const blob: Blob = args.blob;
      return storage.store(Buffer.from(await blob.arrayBuffer()), blob.type || undefined, currentComponentPath());
    },
    "storage/getBlob": async (args: any) => storage.get(args.storageId, db()),
  });
}
