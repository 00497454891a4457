import { ConvexError } from "convex/values";
import { ClientError } from "./errors";

// Uploads a file to a Convex upload URL (standard Convex upload flow: POST the bytes with their
// Content-Type, read { storageId } from the JSON answer). XMLHttpRequest rather than fetch, so the
// caller can show the upload's progress.

export interface UploadOptions {
  /** Called with 0..1 as bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadFile(url: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ClientError(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        const { storageId } = JSON.parse(xhr.responseText) as { storageId?: unknown };
        if (typeof storageId !== "string") throw new Error("no storageId");
        onProgress?.(1);
        resolve(storageId);
      } catch {
        reject(new ClientError("The upload did not finish. Please try again."));
      }
    };
    xhr.onerror = () => reject(new ClientError("The upload failed. Please check your connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * A mutation that attaches uploads returns a refusal as a value (a thrown error
 * would undo the server's deletion of the refused file): this turns it back into
 * the ConvexError the forms already show.
 */
export function throwIfRefused<T extends object>(
  result: T | { refused: { code: string; message: string; fields?: Record<string, string> } },
): T {
  if ("refused" in result) throw new ConvexError(result.refused);
  return result;
}
