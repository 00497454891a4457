import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle, Field, Label, Switch } from "@headlessui/react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { cn } from "@/lib/cn";
import { writeConsent, type ConsentChoices, type OptionalConsentCategory, type StoredConsent } from "@/lib/consent";
import { keepFocusOnPage, useStoredConsent } from "./cookieConsentState";

// The cookie preferences (spec §4 "Customize then Save"): a modal dialog, focus moves into it
// and back. Loaded by the banner (CookieConsent.tsx) only when it is first opened, so Headless
// UI's dialog is not part of any page's load.

const CATEGORIES: { key: keyof ConsentChoices; name: string; text: string }[] = [
  {
    key: "necessary",
    name: "Necessary",
    text: "Needed for Rafter to work: signing in, keeping your account secure and remembering this choice. Always on.",
  },
  {
    key: "analytics",
    name: "Analytics",
    text: "Tell us which pages are visited so we can improve Rafter. Nothing is sent unless you allow it.",
  },
  {
    key: "marketing",
    name: "Marketing",
    text: "Measure our advertising and show you offers that fit your work.",
  },
  {
    key: "functional",
    name: "Functional",
    text: "Remember extra preferences that make Rafter easier to use.",
  },
];

const NO_CHOICE: Record<OptionalConsentCategory, boolean> = { analytics: false, marketing: false, functional: false };

function draftFrom(stored: StoredConsent | null): Record<OptionalConsentCategory, boolean> {
  const choices = stored?.choices;
  return choices
    ? { analytics: choices.analytics, marketing: choices.marketing, functional: choices.functional }
    : NO_CHOICE;
}

export default function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stored = useStoredConsent();
  // Each opening starts from what is stored (also the first: this loads when the dialog is first opened).
  const [draft, setDraft] = useState<Record<OptionalConsentCategory, boolean>>(() => draftFrom(stored));

  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(draftFrom(stored));
  }

  const save = () => {
    writeConsent(draft);
    onClose();
    keepFocusOnPage();
  };

  return (
    // The dialog element itself covers the viewport (it has a box, and scrolls on short screens).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-[60] overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/60" />
      <div className="relative">
        <div className="flex min-h-dvh items-end justify-center p-4 sm:items-center">
          <DialogPanel className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl sm:p-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
            <DialogTitle as="h2" className="text-lg font-semibold">
              Cookie preferences
            </DialogTitle>
            <Description className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Choose which cookies Rafter may use. You can change this at any time with Cookie settings at the bottom of
              every page.
            </Description>
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {CATEGORIES.map((category) => {
                const necessary = category.key === "necessary";
                const checked = necessary ? true : draft[category.key as OptionalConsentCategory];
                return (
                  <li key={category.key} className="p-3 sm:p-4">
                    <Field disabled={necessary} className="flex items-start justify-between gap-4">
                      <div className="min-w-0">
                        <Label className="font-medium">{category.name}</Label>
                        <Description className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
                          {category.text}
                        </Description>
                      </div>
                      <ConsentSwitch
                        autoFocus={category.key === "analytics"}
                        checked={checked}
                        onChange={(value) => {
                          if (!necessary) setDraft((current) => ({ ...current, [category.key]: value }));
                        }}
                      />
                    </Field>
                  </li>
                );
              })}
            </ul>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={save}>Save</Button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function ConsentSwitch({
  checked,
  onChange,
  autoFocus,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  autoFocus?: boolean;
}) {
  return (
    <Switch
      autoFocus={autoFocus}
      checked={checked}
      onChange={onChange}
      className={cn(
        "group relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 transition-colors",
        "border-slate-500 bg-slate-200 dark:border-slate-400 dark:bg-slate-700",
        "data-checked:border-brand-700 data-checked:bg-brand-700 dark:data-checked:border-brand-300 dark:data-checked:bg-brand-300",
        "data-disabled:cursor-not-allowed data-disabled:opacity-70",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-block size-5 translate-x-0.5 rounded-full bg-white shadow ring-1 ring-slate-400 transition-transform",
          "group-data-checked:translate-x-[1.375rem] dark:bg-slate-100 dark:group-data-checked:bg-brand-950",
        )}
      />
    </Switch>
  );
}
