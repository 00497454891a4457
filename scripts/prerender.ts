// Build-time prerendering of the public pages (vite.config.ts, `vite build` only).
//
// Public pages are most visitors' first page, and without this their text appears only once the
// app's code (about 120 kB gzip) has downloaded and run. So, for every route of
// src/prerender/routes.ts (the public routes of spec §2 that need no data to show their page):
//
// - The route's HTML file (dist/index.html for /, which is also the SPA fallback for every other
//   path; dist/login.html for /login, dist/profession/painter.html for /profession/painter...:
//   `vite preview`, most static hosts and the service worker's precache serve <path>.html for
//   <path>) carries the page, rendered with react-dom/static from the app's own routes
//   (src/prerender/render.tsx): the shell (header, page, footer) exactly as the app renders it
//   for a signed-out visitor.
// - The markup sits in <div id="prerender"> before the app's <div id="root">. An inline script in
//   <head> decides before the first paint whether it applies: only on its own path (and, for pages
//   that read the query string, only without one) and only for a visitor without a stored session
//   (@convex-dev/auth's `__convexAuthJWT_*` or `__convexAuthRefreshToken_*` localStorage keys);
//   otherwise it marks <html class="no-prerender"> and the page looks exactly as before (the
//   header placeholder in #root, then the app). While the markup is shown, #root is hidden
//   (display: none, so nothing is there twice for screen readers), and the app renders into it
//   unseen; the markup gives way when the app has rendered the same page
//   (src/prerender/handoff.ts), with the scroll position, the focused element and a click made
//   meanwhile carried over.
// - Without JavaScript the prerendered page is simply the page (its links are real links).
// - The first paint shows the whole page, not the part of the HTML parsed by then (a render-blocking
//   `<link rel="expect">` for #root, which follows the markup).
// - The app's scripts (the entry and its modulepreloads, plus the page's own chunks) are requested
//   by a small inline loader: at once when nothing is prerendered, and right after the first
//   paint when the prerendered page is shown, so that the page's text does not wait for (or share
//   the network with) the code it does not need to appear. `#app-scripts` lists the app's
//   scripts, `#route-preload` the page's chunks (bench/lighthouse.ts reads both).
import fs from "node:fs";
import path from "node:path";
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from "vite";
import type { PrerenderRoute } from "../src/prerender/routes";
import { AUTH_KEY_PATTERN } from "../src/prerender/storedSession";

/**
 * <head>: whether the prerendered page applies (its path, no stored session), before the first
 * paint; while it does, clicks on it wait for the app (handoff.ts replays them) unless it never comes.
 */
function headScript(route: PrerenderRoute): string {
  const query = route.anyQuery ? "" : '&&location.search===""';
  return `(function(){var d=document.documentElement;try{var on=location.pathname===${JSON.stringify(route.path)}${query};
for(var i=0;on&&i<localStorage.length;i++){var k=localStorage.key(i);if(k&&/${AUTH_KEY_PATTERN}/.test(k)&&localStorage.getItem(k))on=false;}
if(!on){d.classList.add("no-prerender");return;}
document.addEventListener("click",function(e){var p=document.getElementById("prerender");var t=e.target;
if(!p||!t||!t.closest||!p.contains(t)||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var a=t.closest("a[href],button");if(!a||(a.tagName==="A"&&a.getAttribute("href").charAt(0)==="#"))return;
e.preventDefault();window.__rafterPrerenderClick=a;
setTimeout(function(){if(window.__rafterPrerenderClick===a&&a.isConnected&&a.tagName==="A"){window.__rafterPrerenderLeaving=true;location.assign(a.href);}},5000);},true);
}catch(e){d.classList.add("no-prerender");}})();`.replace(/\n/g, "");
}

/** While the prerendered page is shown, the app's container is hidden; elsewhere the reverse. */
const HEAD_STYLE = ".no-prerender #prerender{display:none}html:not(.no-prerender) #prerender~#root{display:none}";

/**
 * <head>: requests the app's scripts (#app-scripts, and #route-preload for this path): at once, or,
 * with a prerendered page on screen, once it has been painted (the first-contentful-paint entry;
 * two animation frames where that is not reported; at once in a background tab). Each element
 * appended costs the main thread one to a few milliseconds (more on a slow phone: the browser
 * starts its request then and there), so after the first paint they go in two at a time, one task
 * each, the entry first (its request heads the chain), rather than in one long task; before it
 * (nothing prerendered), or in a background tab (where timers are slowed down), all at once.
 */
const LOADER_SCRIPT =
  `(function(){var d=document,h=d.head,s=JSON.parse(d.getElementById("app-scripts").textContent),r=[];
try{r=JSON.parse(d.getElementById("route-preload").textContent)[location.pathname]||[];}catch(e){}
var done=false;function load(step){if(done)return;done=true;var u=[s.entry].concat(s.preload,r),i=0;
(function next(){var f=d.createDocumentFragment(),k=d.visibilityState==="hidden"?1/0:step;for(var n=0;i<u.length&&n<k;i++,n++){var l;
if(i===0){l=d.createElement("script");l.type="module";l.src=u[i];}else{l=d.createElement("link");l.rel="modulepreload";l.href=u[i];}l.crossOrigin="";f.appendChild(l);}
h.appendChild(f);if(i<u.length)setTimeout(next,0);})();}
function later(){setTimeout(function(){load(2);},0);}
if(d.documentElement.classList.contains("no-prerender")||d.visibilityState==="hidden")return load(1/0);
d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")load(1/0);});
try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later();}});o.observe({type:"paint",buffered:true});}
catch(e){requestAnimationFrame(function(){requestAnimationFrame(later);});}})();`.replace(/\n/g, "");

interface AppScripts {
  entry: string;
  preload: string[];
}

/** Takes the entry script and its modulepreload links out of the HTML; the loader adds them. */
function extractAppScripts(html: string): { html: string; scripts: AppScripts } {
  const entries: string[] = [];
  const preload: string[] = [];
  const out = html
    .replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g, (_m, src: string) => {
      entries.push(src);
      return "";
    })
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_m, href: string) => {
      preload.push(href);
      return "";
    });
  if (entries.length !== 1)
    throw new Error(`rafter:prerender: expected one entry script in index.html, found ${entries.length}`);
  return { html: out, scripts: { entry: entries[0], preload } };
}

function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`rafter:prerender: no ${marker} in index.html`);
  return html.slice(0, at) + text + html.slice(at);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The chunks a page needs beyond the first load: its module's chunk and that chunk's static
 * imports, less what the entry already loads (paths as the HTML references them).
 */
function pageChunks(bundle: Rolldown.OutputBundle, base: string): (module: string) => string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
  const closure = (files: readonly string[], into = new Set<string>()) => {
    for (const file of files) {
      if (into.has(file) || !chunks.has(file)) continue;
      into.add(file);
      closure(chunks.get(file)!.imports, into);
    }
    return into;
  };
  const firstLoad = closure([...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName));
  return (module) => {
    const isModule = (id: string | null) => id?.replaceAll("\\", "/").endsWith(`/${module}`) ?? false;
    // Its own chunk, or else the chunk it was bundled into (with a page it shares code with).
    const page =
      [...chunks.values()].find((c) => isModule(c.facadeModuleId)) ??
      [...chunks.values()].find((c) => c.moduleIds.some(isModule));
    if (!page) throw new Error(`rafter:prerender: no chunk for ${module}`);
    return [...closure([page.fileName])].filter((f) => !firstLoad.has(f)).map((f) => `${base}${f}`);
  };
}

interface RenderModule {
  PRERENDERED_ROUTES: readonly PrerenderRoute[];
  prerenderFile: (pagePath: string) => string;
  renderPage: (pagePath: string) => Promise<{ html: string; title: string }>;
}

/** `renderModule` (src/prerender/render.tsx) names the routes and renders each one's page. */
export function prerender(renderModule: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: "rafter:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle: after the HTML is written, before vite-plugin-pwa builds the precache list
    // (closeBundle), so the service worker precaches these files with their final contents.
    async writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const template = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
      const { html: withoutScripts, scripts } = extractAppScripts(template);
      const chunksOf = pageChunks(bundle, config.base);

      // A dev server in middleware mode (no HTTP, no HMR): its module loader stays open while the
      // pages render, since they load their lazy parts with import() as they go.
      const server = await createServer({
        root: config.root,
        configFile: false,
        logLevel: "error",
        appType: "custom",
        resolve: { alias: config.resolve.alias },
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const module = (await server.ssrLoadModule(renderModule)) as RenderModule;
        for (const route of module.PRERENDERED_ROUTES) {
          const { html: markup, title } = await module.renderPage(route.path);
          // A component that cannot render on the server (it reads window, navigator... while
          // rendering) makes React fall back to client rendering here: refuse, rather than ship that.
          if (markup.includes("<!--$!-->") || markup.includes("<template")) {
            const reason = /data-msg="([^"]*)"/.exec(markup)?.[1] ?? "unknown";
            throw new Error(
              `rafter:prerender: ${route.path} did not render at build time (${reason.trim()}). Components on ` +
                "the public pages must render without browser globals (read them in effects or event handlers).",
            );
          }
          const preloads = { [route.path]: chunksOf(route.module) };
          let html = withoutScripts.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
          html = insertBefore(
            html,
            "</head>",
            `<script type="application/json" id="app-scripts">${JSON.stringify(scripts)}</script>\n` +
              `<script type="application/json" id="route-preload">${JSON.stringify(preloads)}</script>\n` +
              `<style>${HEAD_STYLE}</style>\n<script>${headScript(route)}</script>\n<script>${LOADER_SCRIPT}</script>\n` +
              // The first paint waits until the parser has reached #root, i.e. has the whole page:
              // otherwise the browser paints the part it has (the header), and the style and layout
              // of the rest come after that first paint, as a long task (more so on a phone).
              `<link rel="expect" href="#root" blocking="render">\n`,
          );
          html = insertBefore(
            html,
            '<div id="root">',
            `<div id="prerender" data-path="${route.path}">${markup}</div>\n    `,
          );
          const file = path.join(outDir, module.prerenderFile(route.path));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
