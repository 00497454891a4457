import { Link, type LinkProps } from "react-router-dom";
import { cn } from "@/lib/cn";

export const textLinkClasses =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 hover:decoration-2 " +
  "dark:text-brand-300 dark:hover:text-brand-200 rounded-sm";

/** An in-app text link with the brand colour and an underline (not colour alone). */
export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cn(textLinkClasses, className as string)} {...rest} />;
}
