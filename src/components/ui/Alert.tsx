import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type AlertVariant = "info" | "success" | "warning" | "error";

const styles: Record<AlertVariant, string> = {
  info: "border-brand-300 bg-brand-50 text-brand-900 dark:border-brand-600 dark:bg-brand-950 dark:text-brand-100",
  success: "border-green-600 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100",
  warning: "border-amber-500 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100",
  error: "border-red-600 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
};

const icons: Record<AlertVariant, ReactNode> = {
  info: <path d="M12 8h.01M11 12h1v4h1" />,
  success: <path d="m8 12 3 3 5-6" />,
  warning: <path d="M12 8v4m0 4h.01" />,
  error: <path d="m9 9 6 6m0-6-6 6" />,
};

interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /**
   * "assertive" -> role="alert" (errors right after an action), "polite" -> role="status",
   * "off" -> a static message. Defaults to assertive for errors, polite otherwise.
   */
  live?: "assertive" | "polite" | "off";
  id?: string;
}

export function Alert({ variant = "info", title, children, className, live, id }: AlertProps) {
  const mode = live ?? (variant === "error" ? "assertive" : "polite");
  const role = mode === "assertive" ? "alert" : mode === "polite" ? "status" : undefined;
  return (
    <div
      id={id}
      role={role}
      className={cn("flex gap-3 rounded-md border px-4 py-3 text-sm", styles[variant], className)}
    >
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 size-5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        {icons[variant]}
      </svg>
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="break-words">{children}</div>}
      </div>
    </div>
  );
}
