// Waiting for a local server to answer (scripts/start.ts, scripts/lib/stack.ts, bench/*).

export interface WaitForHttpOptions {
  /** Give up after this long (default 60 s). */
  timeoutMs?: number;
  /** Which answers count as "up" (default: any status below 500). */
  accept?: (status: number) => boolean;
  /** Checked before each attempt: stop waiting (resolve) when it returns true, e.g. on Ctrl-C. */
  cancelled?: () => boolean;
}

/** Resolves once `url` answers; rejects with "<what> did not answer at <url> within N s". */
export async function waitForHttp(url: string, what: string, options: WaitForHttpOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const accept = options.accept ?? ((status: number) => status < 500);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (options.cancelled?.()) return;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (accept(response.status)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
