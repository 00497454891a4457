/**
 * Starts a React.lazy component's load now, so that its first render does not suspend (no
 * fallback, no extra commit). Uses the lazy object's own initializer (`_init(_payload)`, the
 * shape React.lazy has had since 16.6); anything else is left alone (it then just suspends).
 */
export function warmLazy(component: unknown): void {
  const lazy = component as { _payload?: unknown; _init?: (payload: unknown) => unknown };
  if (typeof lazy._init !== "function") return;
  try {
    lazy._init(lazy._payload);
  } catch (thrown) {
    // Pending: a promise (React.lazy reports a failure itself when the component renders).
    if (thrown instanceof Promise) thrown.catch(() => {});
  }
}
