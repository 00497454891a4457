import type { ReactNode } from "react";
import { cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import type { Step } from "./content";
import { Icon, IconTile } from "./icons";

// Building blocks of the public pages. Every section is a <section> named by its heading.

type HeadingTag = "h2" | "h3" | "h4";

export const pageContainer = "mx-auto w-full max-w-6xl px-4 sm:px-6";
export const h1Classes =
  "text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white";
const h2Base = "text-2xl font-bold tracking-tight text-balance sm:text-3xl";
export const h2Classes = `${h2Base} text-slate-900 dark:text-white`;
export const leadClasses = "text-lg text-slate-700 dark:text-slate-200";
export const mutedClasses = "text-slate-600 dark:text-slate-300";

const onBrandBase =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-md px-6 py-3 text-lg font-semibold transition-colors " +
  "focus-visible:outline-white dark:focus-visible:outline-brand-200";
/** Buttons on a brand-coloured section (Section tone="brand"): solid and outlined. */
export const onBrandButtonClasses = {
  solid: `${onBrandBase} bg-white text-brand-800 hover:bg-brand-50 dark:bg-brand-200 dark:text-brand-950 dark:hover:bg-brand-100`,
  outline: `${onBrandBase} border-2 border-white text-white hover:bg-brand-800 dark:border-brand-200 dark:hover:bg-brand-900`,
} as const;

interface SectionProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Alternating backgrounds separate the sections of a long page. */
  tone?: "plain" | "muted" | "brand";
  /** Centre the heading and intro. */
  centered?: boolean;
  className?: string;
  children: ReactNode;
}

export function Section({ id, title, intro, tone = "plain", centered = true, className, children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-4 py-14 sm:py-20",
        tone === "plain" && "bg-white dark:bg-slate-900",
        tone === "muted" && "bg-slate-50 dark:bg-slate-950",
        tone === "brand" && "bg-brand-700 text-white dark:bg-brand-950",
        className,
      )}
    >
      <div className={pageContainer}>
        <div className={cn("max-w-3xl", centered && "mx-auto text-center")}>
          <h2 id={headingId} className={tone === "brand" ? `${h2Base} text-white` : h2Classes}>
            {title}
          </h2>
          {intro && (
            <div
              className={cn(
                "mt-4 text-lg",
                tone === "brand" ? "text-brand-50 dark:text-brand-100" : "text-slate-600 dark:text-slate-300",
              )}
            >
              {intro}
            </div>
          )}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}

/** A numbered list of steps (How It Works). */
export function StepList({ steps, headingLevel = "h3" }: { steps: readonly Step[]; headingLevel?: HeadingTag }) {
  const Heading = headingLevel;
  return (
    <ol className="space-y-6">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-brand-300 dark:text-brand-950"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <Heading className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              {step.title}
              <Icon name={step.icon} className="size-5 text-brand-700 dark:text-brand-300" />
            </Heading>
            <p className={cn("mt-1", mutedClasses)}>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A card with an icon tile, a heading and text. */
export function FeatureCard({
  icon,
  title,
  children,
  headingLevel = "h3",
  className,
}: {
  icon: Parameters<typeof IconTile>[0]["name"];
  title: ReactNode;
  children: ReactNode;
  headingLevel?: HeadingTag;
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <div className={cn(cardClasses, "h-full p-6", className)}>
      <IconTile name={icon} />
      <Heading className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</Heading>
      <div className={cn("mt-2", mutedClasses)}>{children}</div>
    </div>
  );
}

/** The top of a content page: its single <h1> and an introduction. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white dark:from-brand-950 dark:to-slate-900">
      <div className={cn(pageContainer, "py-12 text-center sm:py-16")}>
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
        )}
        <h1 className={cn(h1Classes, eyebrow && "mt-3")}>{title}</h1>
        {children && <div className={cn("mx-auto mt-5 max-w-2xl", leadClasses)}>{children}</div>}
        {actions && (
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            {actions}
          </div>
        )}
      </div>
    </div>
  );
}

/** A list with check marks. */
export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={cn("space-y-2", className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-2">
          <Icon name="check" className="mt-0.5 size-5 text-green-700 dark:text-green-400" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
