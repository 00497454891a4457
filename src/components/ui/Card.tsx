import type { ComponentPropsWithRef, ElementType, ReactNode } from "react";
import { cn } from "@/lib/cn";

export const cardClasses =
  "rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900";

type CardProps<T extends ElementType> = {
  as?: T;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentPropsWithRef<T>, "as" | "className" | "children">;

export function Card<T extends ElementType = "div">({ as, className, children, ...rest }: CardProps<T>) {
  const Component: ElementType = as ?? "div";
  return (
    <Component className={cn(cardClasses, "p-5 sm:p-6", className)} {...rest}>
      {children}
    </Component>
  );
}
