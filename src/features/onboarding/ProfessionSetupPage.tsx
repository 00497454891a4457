import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "convex/react";
import { useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { professionSetupSchema, type ProfessionSetupValues } from "@common/auth";
import { categoryOfProfession, PROFESSION_CATEGORIES, professionLabel } from "@common/professions";
import type { Viewer } from "@/app/session";
import { Button, Card, Checkbox, errorClasses, hintClasses, Select, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyFieldErrors, ErrorCopies } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import { usePageTitle } from "@/lib/usePageTitle";
import { groupByCategory, toggleProfession } from "./selection";

/** Shown at / and /dashboard while the viewer still needs to pick professions. */
export function ProfessionSetupPage({ viewer }: { viewer: Viewer }) {
  usePageTitle("Choose Your Professions");
  const completeSetup = useMutation(api.users.completeProfessionSetup);
  const navigate = useNavigate();
  const { toast } = useToast();
  const reportError = useErrorToast();
  const errorsRef = useRef<HTMLDivElement>(null);

  const {
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ProfessionSetupValues>({
    resolver: zodResolver(professionSetupSchema),
    defaultValues: { professions: viewer.professions, primaryProfession: viewer.primaryProfession ?? "" },
  });
  const professions = useWatch({ control, name: "professions" });
  const primaryProfession = useWatch({ control, name: "primaryProfession" });

  // Categories picked at sign-up come first.
  const categories = useMemo(() => {
    const preferred = new Set(viewer.professionalCategories);
    return [...PROFESSION_CATEGORIES].sort((a, b) => Number(preferred.has(b.value)) - Number(preferred.has(a.value)));
  }, [viewer.professionalCategories]);

  // Categories picked at sign-up (and any holding a selection) start open.
  const [openCategories, setOpenCategories] = useState<ReadonlySet<string>>(
    () =>
      new Set<string>([
        ...viewer.professionalCategories,
        ...viewer.professions.flatMap((p) => categoryOfProfession(p) ?? []),
      ]),
  );
  const allOpen = openCategories.size === PROFESSION_CATEGORIES.length;
  const toggleCategory = (value: string) =>
    setOpenCategories((current) => {
      const next = new Set(current);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });

  const toggle = (value: string) => {
    const next = toggleProfession({ professions, primaryProfession }, value);
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue("professions", next.professions, options);
    setValue("primaryProfession", next.primaryProfession, options);
  };

  const onValid = async (values: ProfessionSetupValues) => {
    try {
      await completeSetup({ professions: values.professions, primaryProfession: values.primaryProfession });
      toast({
        title: "Welcome to Rafter!",
        description: `Your profile is set up as ${professionLabel(values.primaryProfession)}.`,
        variant: "success",
      });
      navigate("/", { replace: true });
    } catch (error) {
      const shown = reportError(error, ErrorCopies.professionSetup);
      if (!applyFieldErrors(shown.data, setError, ["professions", "primaryProfession"])) {
        setError("root.server", { type: "server", message: shown.inline });
      }
      errorsRef.current?.focus();
    }
  };

  const groups = groupByCategory(professions);
  const errorMessages = [errors.professions?.message, errors.primaryProfession?.message, errors.root?.server?.message]
    .filter((m): m is string => Boolean(m))
    .filter((m, i, all) => all.indexOf(m) === i);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Choose Your Professions
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Welcome{viewer.firstName ? `, ${viewer.firstName}` : ""}! Select every profession you offer so property owners
          and other professionals can find you. Your first choice becomes your primary profession; you can change it
          below.
        </p>
      </header>

      <form
        onSubmit={(event) => void handleSubmit(onValid, () => errorsRef.current?.focus())(event)}
        noValidate
        className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className={hintClasses}>
              {viewer.professionalCategories.length > 0
                ? "The categories you chose at sign-up are open. Open any other category to add more."
                : "Open a category to see its professions."}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setOpenCategories(
                  allOpen ? new Set() : new Set(PROFESSION_CATEGORIES.map((category) => category.value)),
                )
              }
            >
              {allOpen ? "Collapse all categories" : "Expand all categories"}
            </Button>
          </div>
          <div className="space-y-4">
            {categories.map((category) => {
              const headingId = `category-${category.value}-heading`;
              const panelId = `category-${category.value}-panel`;
              const count = category.professions.filter((p) => professions.includes(p.value)).length;
              const isOpen = openCategories.has(category.value);
              return (
                <Card as="section" key={category.value} aria-labelledby={headingId} className="p-0 sm:p-0">
                  <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={panelId}
                      onClick={() => toggleCategory(category.value)}
                      className="flex w-full items-center gap-3 rounded-xl p-5 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block">{category.label}</span>
                        <span className="mt-1 block text-sm font-normal text-slate-600 dark:text-slate-300">
                          {category.description}
                        </span>
                      </span>
                      {count > 0 && (
                        <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-brand-300 dark:text-brand-950">
                          {count} selected
                        </span>
                      )}
                      <svg
                        viewBox="0 0 20 20"
                        className={cn("size-5 shrink-0 transition-transform", isOpen && "rotate-180")}
                        fill="currentColor"
                        aria-hidden="true"
                      >
                        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                      </svg>
                    </button>
                  </h2>
                  {isOpen && (
                    <div
                      id={panelId}
                      role="group"
                      aria-labelledby={headingId}
                      className="grid gap-x-6 gap-y-3 px-5 pb-5 sm:grid-cols-2"
                    >
                      {category.professions.map((profession) => (
                        <Checkbox
                          key={profession.value}
                          id={`profession-${profession.value}`}
                          label={profession.label}
                          description={profession.description}
                          checked={professions.includes(profession.value)}
                          onChange={() => toggle(profession.value)}
                        />
                      ))}
                    </div>
                  )}
                </Card>
              );
            })}
          </div>
        </div>

        <section aria-labelledby="selection-summary-heading" className="lg:sticky lg:top-4 lg:self-start">
          <Card className="space-y-5">
            <h2 id="selection-summary-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Your selections
            </h2>
            <p aria-live="polite" className="text-slate-700 dark:text-slate-200">
              {professions.length === 0
                ? "No professions selected yet."
                : `${professions.length} ${professions.length === 1 ? "profession" : "professions"} selected`}
            </p>
            {groups.length > 0 && (
              <ul className="space-y-3">
                {groups.map((group) => (
                  <li key={group.category.value}>
                    <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">{group.category.label}</p>
                    <ul className="mt-1 flex flex-wrap gap-2">
                      {group.professions.map((profession) => (
                        <li
                          key={profession.value}
                          className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
                        >
                          {profession.label}
                          {profession.value === primaryProfession && (
                            <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white dark:bg-brand-300 dark:text-brand-950">
                              Primary
                            </span>
                          )}
                          <button
                            type="button"
                            onClick={() => toggle(profession.value)}
                            className="rounded-full p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                          >
                            <span className="sr-only">Remove {profession.label}</span>
                            <svg
                              viewBox="0 0 24 24"
                              className="size-3.5"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="2.5"
                              aria-hidden="true"
                            >
                              <path d="m6 6 12 12M18 6 6 18" strokeLinecap="round" />
                            </svg>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}

            {professions.length > 1 ? (
              <Select
                label="Primary profession"
                hint="Shown first on your profile and in search results."
                options={professions.map((value) => ({ value, label: professionLabel(value) }))}
                value={primaryProfession}
                onChange={(event) =>
                  setValue("primaryProfession", event.target.value, { shouldValidate: isSubmitted, shouldDirty: true })
                }
              />
            ) : professions.length === 1 ? (
              <p className="text-sm text-slate-700 dark:text-slate-200">
                Primary profession: <strong>{professionLabel(primaryProfession)}</strong>
              </p>
            ) : null}

            <div ref={errorsRef} tabIndex={-1} className="outline-none">
              {errorMessages.length > 0 && (
                <div role="alert" className="space-y-1">
                  {errorMessages.map((message) => (
                    <p key={message} className={errorClasses}>
                      {message}
                    </p>
                  ))}
                </div>
              )}
            </div>

            <Button type="submit" fullWidth size="lg" loading={isSubmitting} loadingText="Saving...">
              Complete Setup
            </Button>
          </Card>
        </section>
      </form>
    </div>
  );
}
