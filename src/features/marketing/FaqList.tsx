import { useId, useState } from "react";
import { cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import type { Faq } from "./landingBContent";

// A small disclosure of its own (no Headless UI on the landing page's first load): each question
// is a heading holding a button (aria-expanded, aria-controls) that shows or hides its answer.

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="px-5 sm:px-6">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 py-5 text-left text-lg font-semibold text-slate-900 dark:text-white"
        >
          <span>{faq.question}</span>
          <svg
            viewBox="0 0 20 20"
            className={cn(
              "size-5 shrink-0 text-brand-700 transition-transform dark:text-brand-300",
              open && "rotate-180",
            )}
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="pb-5 text-slate-700 dark:text-slate-200">
        {faq.answer}
      </div>
    </div>
  );
}

/** Questions as a disclosure list. */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className={cn(cardClasses, "mx-auto max-w-3xl divide-y divide-slate-200 dark:divide-slate-700")}>
      {faqs.map((faq) => (
        <FaqItem key={faq.question} faq={faq} />
      ))}
    </div>
  );
}
