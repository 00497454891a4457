import { startTransition, useEffect, useLayoutEffect, useState } from "react";
import { warmLazy } from "@/lib/warmLazy";

// The handoff from a prerendered public page (scripts/prerender.ts) to the app. The prerendered
// markup is in <div id="prerender">, on screen, while the app renders into the hidden #root. As
// soon as the app's <main> holds the same page (same text: it renders the same components in the
// same state), releasePrerender() removes the markup and so shows the app's identical DOM in its
// place, in one frame (a MutationObserver's callback runs after React's commit, before the
// browser paints): no flash, no layout shift, and never both copies for assistive technology.
// The focused element, what was typed into its fields, and a click made on the markup meanwhile (the inline script in <head> keeps
// it) move to the same element of the app's DOM. A page can also release it itself from a layout
// effect (usePrerenderHandoff), and the shell releases it anyway when the app shows another page.

declare global {
  interface Window {
    /** The link or button of the prerendered page clicked before the app took over (inline script). */
    __rafterPrerenderClick?: Element | null;
    /** The inline script gave up waiting for the app and is loading the clicked link's page itself. */
    __rafterPrerenderLeaving?: boolean;
  }
}

let live: HTMLElement | null = null;
let observer: MutationObserver | null = null;
let fallbackTimer: number | undefined;

/** The visible text of a page's <main>: what must match before the app's copy replaces the markup. */
const mainText = (container: Element) => container.querySelector("main")?.textContent ?? null;

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isEdited(element: Element): element is FormField {
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    return element.value !== element.defaultValue;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement) {
    if (element.multiple) return [...element.options].some((o) => o.selected !== o.defaultSelected);
    return element.value !== defaultSelectValue(element);
  }
  return false;
}

/**
 * The value a single select shows before anyone picks an option: its `selected` option, or else the
 * first one not disabled (the browser selects it itself, without marking it default: comparing each option's
 * selectedness with its default would count a select nobody touched, e.g. the sign-up form's State,
 * as edited, and replaying it costs the form a validation and a render).
 */
function defaultSelectValue(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  const initial = options.find((o) => o.defaultSelected) ?? options.find((o) => !o.disabled);
  return initial?.value ?? "";
}

/**
 * Gives the app's field the value typed into the markup's, as typing would: through the native
 * setter and the event React listens to, so the form's state (react-hook-form) sees it too.
 */
function carryValue(from: FormField, to: HTMLElement): void {
  if (from instanceof HTMLInputElement && to instanceof HTMLInputElement && to.type === from.type) {
    if (from.type === "checkbox" || from.type === "radio") {
      if (to.checked !== from.checked) to.click();
      return;
    }
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(to, from.value);
    to.dispatchEvent(new Event("input", { bubbles: true }));
  } else if (from instanceof HTMLTextAreaElement && to instanceof HTMLTextAreaElement) {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(to, from.value);
    to.dispatchEvent(new Event("input", { bubbles: true }));
  } else if (from instanceof HTMLSelectElement && to instanceof HTMLSelectElement) {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set?.call(to, from.value);
    to.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * The app's field that stands for a field of the markup: the one with the same tag and name (the
 * n-th of them, as in the markup), so that an element more or less elsewhere in the page (an
 * overlay, a header item) never sends what was typed to the wrong field or drops it; unnamed
 * fields fall back to the same position in document order.
 */
function fieldCounterpart(field: FormField, markup: Element, root: Element): HTMLElement | null {
  if (!field.name) return null;
  const selector = `${field.tagName.toLowerCase()}[name="${CSS.escape(field.name)}"]`;
  const index = Array.from(markup.querySelectorAll(selector)).indexOf(field);
  const candidate = root.querySelectorAll(selector)[index];
  return candidate instanceof HTMLElement ? candidate : null;
}

/**
 * main.tsx, before the app renders: keep the prerendered page if it is on screen (and start
 * loading its page component, `pageFor`: path -> React.lazy component), else drop it.
 */
export function initPrerender(pageFor: (path: string) => unknown): void {
  const element = document.getElementById("prerender");
  if (!element) return;
  if (document.documentElement.classList.contains("no-prerender")) {
    element.remove();
    return;
  }
  live = element;
  // Its first render then does not suspend: the page commits at once (no loading screen in
  // between, and no 300 ms Suspense reveal throttle before the handoff).
  warmLazy(pageFor(window.location.pathname));
  const root = document.getElementById("root");
  const expected = mainText(element);
  if (root && expected !== null) {
    observer = new MutationObserver(() => {
      if (mainText(root) === expected) releasePrerender();
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
  }
  // Back or forward before the page committed: the app now shows another page.
  window.addEventListener("popstate", releasePrerender, { once: true });
}

/** Replaces the prerendered page with the app. Safe to call more than once, or without one. */
export function releasePrerender(): void {
  const element = live;
  if (!element) return;
  live = null;
  observer?.disconnect();
  observer = null;
  window.clearTimeout(fallbackTimer);
  const root = document.getElementById("root");
  const before = Array.from(element.getElementsByTagName("*"));
  const active = document.activeElement;
  const focusIndex = active ? before.indexOf(active) : -1;
  // The inline script already gave up on the app and is loading the clicked link's page: replaying
  // the click too would navigate twice, and the full load would land after the user typed into
  // the page the app showed meanwhile.
  const clicked = window.__rafterPrerenderLeaving ? null : (window.__rafterPrerenderClick ?? null);
  window.__rafterPrerenderClick = null;
  const clickIndex = clicked ? before.indexOf(clicked) : -1;
  // What was typed into the markup's fields (e.g. the login form, filled before the app was there).
  const edited = before.flatMap((field, index) => (isEdited(field) ? [index] : []));

  // The app's DOM takes the same place at the same size: the scroll position stays as it is
  // (and nothing here reads layout, which would force it inside the app's commit).
  element.remove();
  if (!root) return;

  // The same element in the app's DOM: same position in document order, same tag and text.
  const after = root.getElementsByTagName("*");
  const counterpart = (index: number): HTMLElement | null => {
    const original = before[index];
    const candidate = after[index];
    return candidate instanceof HTMLElement &&
      candidate.tagName === original.tagName &&
      candidate.textContent === original.textContent
      ? candidate
      : null;
  };
  for (const index of edited) {
    const field = before[index] as FormField;
    const target = fieldCounterpart(field, element, root) ?? counterpart(index);
    if (target) carryValue(field, target);
  }
  if (focusIndex >= 0) counterpart(focusIndex)?.focus({ preventScroll: true });
  if (clicked && clickIndex >= 0) {
    const target = counterpart(clickIndex);
    if (target) {
      // As a real click would (Chromium, Firefox): focus moves to the control clicked, so a
      // dialog it opens returns focus there when it closes.
      target.focus({ preventScroll: true });
      window.setTimeout(() => target.click(), 0);
    } else if (clicked instanceof HTMLAnchorElement) window.location.assign(clicked.href);
  }
}

/**
 * The app shows a page (the shell, once the session has resolved): if it is not the prerendered
 * one after all (its text never matches, e.g. a redirect), the markup still gives way, a moment
 * later, so that a page still loading its own code (a nested loading state) is not revealed early.
 */
export function releasePrerenderSoon(delayMs = 1500): void {
  if (!live || fallbackTimer !== undefined) return;
  if (live.dataset.path !== window.location.pathname) return releasePrerender();
  fallbackTimer = window.setTimeout(releasePrerender, delayMs);
}

/** For the prerendered pages: hand over from the prerendered markup once this page has committed. */
export function usePrerenderHandoff(): void {
  useLayoutEffect(releasePrerender, []);
}

/**
 * For a prerendered page with a heavy part (the sign-up form): false in the app's first render
 * while the prerendered markup is on screen, then true, from a transition after that first commit.
 * The page renders the heavy part only when this is true, so the app's copy is built in two
 * commits, each a shorter main-thread task, instead of one. Nothing shows in between: the markup
 * stays on screen until the app's copy is complete. Elsewhere (the build's prerender, a page
 * opened inside the app) true from the start.
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(() => live === null);
  useEffect(() => {
    if (!second) startTransition(() => setSecond(true));
  }, [second]);
  return second;
}
