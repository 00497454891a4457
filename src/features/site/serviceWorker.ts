// The service worker (/sw.js, vite.config.ts: the offline copy of the app). Registered by the site
// overlays, which mount once the first page is on screen and the browser has been idle, and then
// in an idle task of its own: neither the registration nor the precache downloads compete with the
// page's code for the main thread or the network.

let requested = false;

export function registerServiceWorkerWhenIdle(): void {
  if (requested || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  requested = true;
  const base = import.meta.env.BASE_URL;
  const register = () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((error: unknown) => {
      console.warn("The service worker could not be registered", error);
    });
  };
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(register, { timeout: 2000 });
  else window.setTimeout(register, 0);
}
