// This browser's device id: random, kept in localStorage, sent with sign-in and sign-up. The
// server keeps it hashed once a sign-in succeeds, and spares a device it knows from the
// per-account slowdown that others' failed guesses cause (convex/accounts.ts). It identifies
// nothing beyond "this browser signed in here before", so it needs no consent (security, strictly
// necessary); without storage the sign-in simply counts as an unknown device.
const KEY = "rafter.deviceId";

export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (id === null || !/^[A-Za-z0-9_-]{16,128}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
