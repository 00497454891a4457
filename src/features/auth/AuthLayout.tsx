import type { ReactNode } from "react";
import { Card } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Don't have an account?"). */
  footer?: ReactNode;
  width?: "md" | "lg" | "xl";
}

/** A centred card with the page's single <h1>, used by the sign-in and account pages. */
export function AuthLayout({ title, description, children, footer, width = "md" }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <div
      className={cn(
        "mx-auto w-full px-4 py-8 sm:py-14",
        width === "md" && "max-w-md",
        width === "lg" && "max-w-2xl",
        width === "xl" && "max-w-4xl",
      )}
    >
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        {description && <div className="mt-2 text-base text-slate-600 dark:text-slate-300">{description}</div>}
        <div className="mt-6">{children}</div>
      </Card>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-700 dark:text-slate-200">{footer}</div>}
    </div>
  );
}
