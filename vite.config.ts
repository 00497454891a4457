import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { prerender } from "./scripts/prerender.js";

// --- Installable app (spec §4, §7 "a service worker is registered at /sw.js"; integrations.md PWA) ---
// /sw.js precaches the built app shell (HTML, JS, CSS, icons) and answers every navigation with
// its precached page (/login: login.html, through workbox's cleanURLs) or else
// /index.html, so an offline visit still shows the app. Nothing else is cached: no runtime
// caching at all, so Convex traffic (another origin; WebSocket and HTTP) always goes to the
// network, and /api/* navigations are never answered from the cache.
const pwa = VitePWA({
  strategies: "generateSW",
  filename: "sw.js",
  registerType: "autoUpdate",
  // Registered by the app with the site overlays, once the first page is on screen and the browser
  // is idle (src/features/site/serviceWorker.ts), not at the load event: neither the registration
  // nor the precache downloads compete with the page.
  injectRegister: false,
  includeAssets: ["favicon.svg", "apple-touch-icon.png"],
  manifest: {
    id: "/",
    name: "Rafter",
    short_name: "Rafter",
    description: "Rafter connects US property owners with vetted property and skilled-trade professionals.",
    lang: "en-US",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#004868",
    background_color: "#ffffff",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,woff2}"],
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

// The browser may offer installation (beforeinstallprompt) before the app's code has loaded:
// keep the event for src/features/site/install.ts. Also the iOS home-screen icon.
const installPromptCapture: Plugin = {
  name: "rafter:install-prompt-capture",
  transformIndexHtml: () => [
    {
      tag: "script",
      injectTo: "head",
      children:
        'window.addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__rafterInstallPrompt=e;});',
    },
    { tag: "link", injectTo: "head", attrs: { rel: "apple-touch-icon", href: "/apple-touch-icon.png" } },
  ],
};

// react-router publishes its production build (no dev-only warnings and checks) but exports only
// the development one to bundlers: use the production build in `vite build` (about 4 kB gzip
// less in every page's first load).
const reactRouterProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/", import.meta.url));

// The UI kit (src/components/ui) is imported through its index by most pages, and a module the
// bundler must assume has side effects is kept in the graph of every page that imports the index,
// used or not: every page then loaded (and ran) all of the kit, Headless UI's disclosure and the
// form fields with it. Its modules have none (declarations only), so a page loads the ones it uses.
const uiKitWithoutSideEffects: Plugin = {
  name: "rafter:ui-kit-without-side-effects",
  enforce: "pre",
  async resolveId(source, importer, options) {
    // Only imports that can name a kit module: "@/components/ui...", and the index's "./Button".
    if (!importer || !(source.includes("components/ui") || importer.includes("components/ui"))) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || !/[\\/]src[\\/]components[\\/]ui[\\/][^\\/]+\.tsx?$/.test(resolved.id)) return null;
    return { ...resolved, moduleSideEffects: false };
  },
};

/** The chunks in every page's first load (the vendor groups below and the entry's small shared ones). */
const FIRST_LOAD_CHUNK = /^assets\/(react|convex|rolldown-runtime|cn|api)-[\w-]{8}\.js$/;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    pwa,
    installPromptCapture,
    uiKitWithoutSideEffects,
    // --- Prerendered public pages: every public page that needs no data to show (the list is
    // src/prerender/routes.ts) paints its content from its HTML, before the app's code; each HTML
    // also preloads its page's chunks with the app's code. See scripts/prerender.ts. /login is
    // login.html, which `vite preview`, static hosts and the service worker serve for /login.
    prerender("/src/prerender/render.tsx"),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      { find: "@common", replacement: fileURLToPath(new URL("./common", import.meta.url)) },
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : []),
    ],
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    // Every browser the app supports has <link rel="modulepreload"> (Chrome 66, Safari 17, Firefox
    // 115): no polyfill in the first load.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of chunks to preload (in the JS) leaves out those every page's first
      // load already has: listing them again for each of the ~60 lazy imports only made the entry
      // bigger. The HTML's own preloads stay as they are.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((dep) => !FIRST_LOAD_CHUNK.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, cached across app releases: react and convex (the only libraries
        // in the landing page's first load), react-hook-form (a form renders with it) and zod with
        // its resolver (apart: the public form pages load it on first use, src/lib/lazyResolver.ts).
        // No catch-all vendor group: it would pull every library into the first load. Headless UI is
        // left to the default splitting, so a page or menu loads only the components it uses.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // Not the paginated-list hooks (usePaginatedQuery, insertAtTop, with the value comparison
            // they sort by): only signed-in list pages use them, so they load with those pages.
            {
              name: "convex",
              test: /node_modules[\\/](convex|@convex-dev)[\\/](?!dist[\\/]esm[\\/](react[\\/]use_paginated_query|values[\\/]compare))/,
            },
            { name: "forms", test: /node_modules[\\/]react-hook-form[\\/]/ },
            { name: "zod", test: /node_modules[\\/](zod|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
}));
