import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { DismissButton } from "./DismissButton";

// One toast (Toast.tsx loads this with the first toast): a countdown paused while hovered, focused
// or swiped, a dismiss button, Escape or a swipe right of 50 px dismisses.

export interface ToastItemData {
  id: string;
  title: string;
  description?: string;
  variant: "default" | "destructive" | "success";
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration: number;
}

/** Swiping a toast right by this many pixels dismisses it. */
export const TOAST_SWIPE_THRESHOLD = 50;

const variantStyles: Record<ToastItemData["variant"], string> = {
  default: "border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  success: "border-green-600 bg-green-50 text-green-950 dark:border-green-500 dark:bg-green-950 dark:text-green-50",
  destructive: "border-red-700 bg-red-700 text-white dark:border-red-400 dark:bg-red-950 dark:text-red-50",
};

export default function ToastItem({ toast, onDismiss }: { toast: ToastItemData; onDismiss: (id: string) => void }) {
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
