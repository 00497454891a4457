import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { DismissButton } from "./DismissButton";

// Toasts (spec §4/§9): newest first, at most 5 kept, 5000 ms by default (paused
// while hovered, focused or swiped), a dismiss button, Escape or a swipe right of
// 50 px dismisses; announced through a polite live region inside a labelled
// region that F8 focuses. A dismissed toast is removed at once.

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
}

interface ToastRecord extends Required<Omit<ToastOptions, "description">> {
  id: string;
  description?: string;
}

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
/** Swiping a toast right by this many pixels dismisses it. */
export const TOAST_SWIPE_THRESHOLD = 50;
/** The key that moves focus to the toasts. */
export const TOAST_HOTKEY = "F8";

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

const variantStyles: Record<ToastVariant, string> = {
  default: "border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  success: "border-green-600 bg-green-50 text-green-950 dark:border-green-500 dark:bg-green-950 dark:text-green-50",
  destructive: "border-red-700 bg-red-700 text-white dark:border-red-400 dark:bg-red-950 dark:text-red-50",
};

function Toaster({ toasts, onDismiss }: { toasts: ToastRecord[]; onDismiss: (id: string) => void }) {
  const regionRef = useRef<HTMLDivElement>(null);

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
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
      </ol>
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastRecord; onDismiss: (id: string) => void }) {
  // The countdown pauses while the pointer is over the toast, focus is in it, or it is being swiped.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipe = useRef<{ pointerId: number; startX: number; startY: number; horizontal: boolean | null } | null>(null);
  const swiping = offset > 0;
  const paused = hovered || focused || swiping;
  const remaining = useRef(toast.duration);
  const startedAt = useRef(0);

  // Restart the countdown when the duration changes (update()).
  useEffect(() => {
    remaining.current = toast.duration;
  }, [toast.duration]);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), Math.max(0, remaining.current));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, toast.id, toast.duration, onDismiss]);

  const endSwipe = (dismiss: boolean) => {
    swipe.current = null;
    if (dismiss) onDismiss(toast.id);
    else setOffset(0);
  };

  return (
    <li
      className={cn(
        "pointer-events-auto flex touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg",
        swiping ? "select-none" : "transition-transform duration-200",
        variantStyles[toast.variant],
      )}
      style={swiping ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onDismiss(toast.id);
        }
      }}
      // Swipe right to dismiss (spec §9: 50 px), with a finger, pen or mouse.
      onPointerDown={(event) => {
        if (event.pointerType === "mouse" && event.button !== 0) return;
        if ((event.target as Element).closest("button, a")) return;
        swipe.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, horizontal: null };
      }}
      onPointerMove={(event) => {
        const state = swipe.current;
        if (!state || state.pointerId !== event.pointerId) return;
        const dx = event.clientX - state.startX;
        const dy = event.clientY - state.startY;
        if (state.horizontal === null) {
          if (Math.abs(dx) < 4 && Math.abs(dy) < 4) return;
          state.horizontal = Math.abs(dx) > Math.abs(dy);
          if (!state.horizontal) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        if (state.horizontal) setOffset(Math.max(0, dx));
      }}
      onPointerUp={(event) => {
        const state = swipe.current;
        if (!state || state.pointerId !== event.pointerId) return;
        endSwipe(Boolean(state.horizontal) && event.clientX - state.startX >= TOAST_SWIPE_THRESHOLD);
      }}
      onPointerCancel={() => endSwipe(false)}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm break-words">{toast.description}</p>}
      </div>
      <DismissButton
        label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
        className="p-1 opacity-90 hover:opacity-100 focus-visible:outline-current"
      />
    </li>
  );
}
