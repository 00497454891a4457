// Build-time prerendering of the landing pages (vite.config.ts, `vite build` only).
//
// The landing pages are most visitors' first page, and before this their text appeared only once
// the app's code (about 130 kB gzip) had downloaded and run. Now:
//
// - dist/index.html (served for / and, as the SPA fallback, for every other path) carries Landing
//   A, and dist/welcome.html (served for /welcome: `vite preview` and most static hosts map
//   /welcome to welcome.html, and so does the service worker's precache) carries Landing B, both
//   rendered with react-dom/server from the app's own components (src/prerender/render.tsx): the
//   shell (header, page, footer) exactly as the app renders it for a signed-out visitor.
// - The markup sits in <div id="prerender"> before the app's <div id="root">. An inline script in
//   <head> decides before the first paint whether it applies: only on its own path and only for a
//   visitor without a stored session (@convex-dev/auth's `__convexAuthJWT_*` or
//   `__convexAuthRefreshToken_*` localStorage keys);
//   otherwise it marks <html class="no-prerender"> and the page looks exactly as before (the
//   header placeholder in #root, then the app). While the markup is shown, #root is hidden
//   (display: none, so nothing is there twice for screen readers), and the app renders into it
//   unseen; the landing page swaps itself in when it commits (src/prerender/handoff.ts), with the
//   scroll position, the focused element and a click made meanwhile carried over.
// - Without JavaScript the prerendered page is simply the page (its links are real links).
// - The app's scripts (the entry and its modulepreloads, plus the page's own chunks, see
//   rafter:route-preload) are requested by a small inline loader: at once when nothing is
//   prerendered, and right after the first paint when the prerendered page is shown, so that the
//   page's text does not wait for (or share the network with) 130 kB of code it does not need to
//   appear. `#app-scripts` lists them (bench/lighthouse.ts reads it).
import fs from "node:fs";
import path from "node:path";
import { runnerImport, type Plugin, type ResolvedConfig } from "vite";

/** Path -> file in the build (relative to outDir). The first must be index.html. */
export type PrerenderPages = Record<string, string>;

/**
 * @convex-dev/auth's session keys in localStorage (`__convexAuthJWT_<namespace>`,
 * `__convexAuthRefreshToken_<namespace>`): either one means the app will show a signed-in page.
 */
const AUTH_KEY_PATTERN = "^__convexAuth(JWT|RefreshToken)_";

/**
 * <head>: whether the prerendered page applies (its path, no stored session), before the first
 * paint; while it does, clicks on it wait for the app (handoff.ts replays them) unless it never comes.
 */
function headScript(pagePath: string): string {
  return `(function(){var d=document.documentElement;try{var on=location.pathname===${JSON.stringify(pagePath)};
for(var i=0;on&&i<localStorage.length;i++){var k=localStorage.key(i);if(k&&/${AUTH_KEY_PATTERN}/.test(k)&&localStorage.getItem(k))on=false;}
if(!on){d.classList.add("no-prerender");return;}
document.addEventListener("click",function(e){var p=document.getElementById("prerender");var t=e.target;
if(!p||!t||!t.closest||!p.contains(t)||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var a=t.closest("a[href],button");if(!a||(a.tagName==="A"&&a.getAttribute("href").charAt(0)==="#"))return;
e.preventDefault();window.__rafterPrerenderClick=a;
setTimeout(function(){if(window.__rafterPrerenderClick===a&&a.isConnected&&a.tagName==="A")location.assign(a.href);},5000);},true);
}catch(e){d.classList.add("no-prerender");}})();`.replace(/\n/g, "");
}

/** While the prerendered page is shown, the app's container is hidden; elsewhere the reverse. */
const HEAD_STYLE = ".no-prerender #prerender{display:none}html:not(.no-prerender) #prerender~#root{display:none}";

/**
 * <head>: requests the app's scripts (#app-scripts, and #route-preload for this path): at once, or,
 * with a prerendered page on screen, once it has been painted (the first-contentful-paint entry;
 * two animation frames where that is not reported; at once in a background tab).
 */
const LOADER_SCRIPT =
  `(function(){var d=document,h=d.head,s=JSON.parse(d.getElementById("app-scripts").textContent),r=[];
try{r=JSON.parse(d.getElementById("route-preload").textContent)[location.pathname]||[];}catch(e){}
var done=false;function load(){if(done)return;done=true;s.preload.concat(r).forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l);});
var m=d.createElement("script");m.type="module";m.crossOrigin="";m.src=s.entry;h.appendChild(m);}
function later(){setTimeout(load,0);}
if(d.documentElement.classList.contains("no-prerender")||d.visibilityState==="hidden")return load();
d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")load();});
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

export function prerender(pages: PrerenderPages, renderModule: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: "rafter:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle: after the HTML is written, before vite-plugin-pwa builds the precache list
    // (closeBundle), so the service worker precaches these files with their final contents.
    async writeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const template = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
      const { html: withoutScripts, scripts } = extractAppScripts(template);

      const { module } = await runnerImport<{
        renderPage: (pagePath: string) => { html: string; title: string };
      }>(renderModule, {
        root: config.root,
        configFile: false,
        logLevel: "error",
        resolve: { alias: config.resolve.alias },
      });

      for (const [pagePath, file] of Object.entries(pages)) {
        const { html: markup, title } = module.renderPage(pagePath);
        // A component that cannot render on the server (it reads window, navigator... while
        // rendering) makes React fall back to its loading screen here: refuse, rather than ship that.
        if (markup.includes("<!--$!-->")) {
          const reason = /data-msg="([^"]*)"/.exec(markup)?.[1] ?? "unknown";
          throw new Error(
            `rafter:prerender: ${pagePath} did not render at build time (${reason.trim()}). Components on the ` +
              "landing pages must render without browser globals (read them in effects or event handlers).",
          );
        }
        let html = withoutScripts.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
        html = insertBefore(
          html,
          "</head>",
          `<script type="application/json" id="app-scripts">${JSON.stringify(scripts)}</script>\n` +
            `<style>${HEAD_STYLE}</style>\n<script>${headScript(pagePath)}</script>\n<script>${LOADER_SCRIPT}</script>\n`,
        );
        html = insertBefore(
          html,
          '<div id="root">',
          `<div id="prerender" data-path="${pagePath}">${markup}</div>\n    `,
        );
        fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
        fs.writeFileSync(path.join(outDir, file), html);
      }
    },
  };
}
