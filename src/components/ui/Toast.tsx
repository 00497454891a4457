import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { ToastItemData } from "./ToastItem";

// A toast's own code (countdown, swipe, dismiss button) loads with the first toast: every page
// has the provider and the live region, and none needs a toast for its first paint. Not React.lazy:
// a suspended item is revealed through a timer, which a test's paused clock would hold forever.
type ToastItemComponent = typeof import("./ToastItem").default;
let loadedToastItem: ToastItemComponent | null = null;
let loadingToastItem: Promise<ToastItemComponent> | null = null;
function loadToastItem(): Promise<ToastItemComponent> {
  loadingToastItem ??= import("./ToastItem").then((module) => (loadedToastItem = module.default));
  return loadingToastItem;
}

/** The toast component once its code is there (its load starts with the first toast). */
function useToastItem(wanted: boolean): ToastItemComponent | null {
  const [item, setItem] = useState<ToastItemComponent | null>(() => loadedToastItem);
  useEffect(() => {
    if (!wanted || item) return;
    let live = true;
    loadToastItem().then(
      (component) => live && setItem(() => component),
      () => {
        loadingToastItem = null; // try again with the next toast
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, item]);
  return item;
}

// Toasts (spec §4/§9): newest first, at most 5 kept, 5000 ms by default (paused
// while hovered, focused or swiped), a dismiss button, Escape or a swipe right of
// 50 px dismisses; announced through a polite live region inside a labelled
// region that F8 focuses. A dismissed toast is removed at once.

export type ToastVariant = ToastItemData["variant"];

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
}

type ToastRecord = ToastItemData;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: Partial<ToastOptions>) => void;
}

interface ToastContextValue {
  toast: (options: ToastOptions) => ToastHandle;
  dismiss: (id?: string) => void;
}

export const TOAST_LIMIT = 5;
export const TOAST_DEFAULT_DURATION = 5000;
/** The key that moves focus to the toasts. */
export const TOAST_HOTKEY = "F8";
/** The toasts' region: the site overlays set their height on it (--site-overlays-height). */
export const TOAST_REGION_ID = "toast-region";

const ToastContext = createContext<ToastContextValue | null>(null);

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastRecord[]>([]);

  const dismiss = useCallback((id?: string) => {
    setToasts((current) => (id === undefined ? [] : current.filter((t) => t.id !== id)));
  }, []);

  const toast = useCallback(
    (options: ToastOptions): ToastHandle => {
      counter += 1;
      const id = `toast-${counter}`;
      const record: ToastRecord = {
        id,
        title: options.title,
        description: options.description,
        variant: options.variant ?? "default",
        duration: options.duration ?? TOAST_DEFAULT_DURATION,
      };
      setToasts((current) => [record, ...current].slice(0, TOAST_LIMIT));
      return {
        id,
        dismiss: () => dismiss(id),
        update: (next) =>
          setToasts((current) => current.map((t) => (t.id === id ? { ...t, ...stripUndefined(next) } : t))),
      };
    },
    [dismiss],
  );

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function stripUndefined(options: Partial<ToastOptions>): Partial<ToastRecord> {
  const out: Partial<ToastRecord> = {};
  if (options.title !== undefined) out.title = options.title;
  if (options.description !== undefined) out.description = options.description;
  if (options.variant !== undefined) out.variant = options.variant;
  if (options.duration !== undefined) out.duration = options.duration;
  return out;
}

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast must be used inside <ToastProvider>");
  return context;
}

function Toaster({ toasts, onDismiss }: { toasts: ToastRecord[]; onDismiss: (id: string) => void }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const ToastItem = useToastItem(toasts.length > 0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div
      ref={regionRef}
      id={TOAST_REGION_ID}
      role="region"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      // Above the signed-in bottom bar (--shell-bottom-bar) and the site's bottom overlays
      // (--site-overlays-height: cookie banner, install prompt), at the bottom of the screen otherwise.
      // Empty, it has no size: moving it when the overlays come and go shifts nothing on screen.
      className={cn(
        "pointer-events-none fixed inset-x-0 bottom-[calc(var(--shell-bottom-bar,0px)+var(--site-overlays-height,0px))] z-50 flex justify-center sm:inset-x-auto sm:right-0 sm:justify-end",
        toasts.length > 0 &&
          "p-4 pb-[max(1rem,calc(env(safe-area-inset-bottom)-var(--shell-bottom-bar,0px)-var(--site-overlays-height,0px)))]",
      )}
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex w-full max-w-sm flex-col gap-2">
        {ToastItem && toasts.map((t) => <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />)}
      </ol>
    </div>
  );
}
