import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { h1Classes } from "./components";

// Long-form pages (Terms, Privacy, Accessibility, DMCA): the <h1>, the date last updated, a table of
// contents and numbered-by-heading sections in readable prose.

export interface DocumentSection {
  id: string;
  title: string;
  body: ReactNode;
}

const proseClasses =
  "text-base leading-7 text-slate-700 dark:text-slate-200 " +
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 " +
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white " +
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white";

export function DocumentPage({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  updated?: { iso: string; text: string };
  intro: ReactNode;
  sections: readonly DocumentSection[];
  /** Anything after the sections (e.g. a contact call to action). */
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="bg-white dark:bg-slate-900">
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className={h1Classes}>{title}</h1>
        {updated && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            Last updated <time dateTime={updated.iso}>{updated.text}</time>
          </p>
        )}
        <div className={cn("mt-6", proseClasses, "[&>p:first-child]:mt-0")}>{intro}</div>

        {sections.length > 3 && (
          <nav
            aria-labelledby="toc-heading"
            className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-950"
          >
            <h2 id="toc-heading" className="text-base font-semibold text-slate-900 dark:text-white">
              On this page
            </h2>
            <ol className="mt-3 list-decimal gap-x-8 pl-5 text-sm sm:columns-2">
              {sections.map((section) => (
                <li key={section.id} className="mb-1.5 break-inside-avoid text-slate-700 dark:text-slate-200">
                  <a
                    href={`#${section.id}`}
                    className="rounded-sm text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}

        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="mt-10 scroll-mt-6"
          >
            <h2
              id={`${section.id}-heading`}
              className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white"
            >
              {sections.length > 3 && <span className="text-slate-600 dark:text-slate-300">{index + 1}. </span>}
              {section.title}
            </h2>
            <div className={cn(proseClasses, "[&>*:first-child]:mt-3")}>{section.body}</div>
          </section>
        ))}
        {children}
      </div>
    </div>
  );
}
