import { Link } from "react-router-dom";
import { FREE_TRIAL_CTA } from "@common/plans";
import type { ProfessionCategoryValue } from "@common/professions";
import { buttonClasses, cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { usePrerenderHandoff } from "@/prerender/handoff";
import { onBrandButtonClasses, PageHero, Section } from "./components";
import { CATEGORY_COUNT, categoryDef, pluralTypes, PROFESSION_TYPE_COUNT, US_STATE_COUNT } from "./content";
import { ExampleStories } from "./ExampleStories";
import { FaqList } from "./FaqList";
import { AUDIENCE_STEPS, CLAIM_FOOTNOTE, CLOSING_HIGHLIGHTS, FAQS, LANDING_STORIES } from "./landingBContent";
import { Icon, IconTile, type IconName } from "./icons";
import { PlanGrid } from "./PlanGrid";
import { trackSignupClick } from "./signupTracking";

// Landing B at /welcome (spec §2 "Landing pages"): for professionals. Hero with Join, Sign In and
// Learn How It Works; featured categories; numbers; how it works per audience; example stories
// (illustrative, labelled); pricing from common/plans.ts; the five FAQ entries; closing highlights.

const featuredCategories: { value: ProfessionCategoryValue; icon: IconName }[] = [
  { value: "transaction_advisory", icon: "briefcase" },
  { value: "finance_investment", icon: "dollar" },
  { value: "marketing_support", icon: "camera" },
];

const stats = [
  { value: String(PROFESSION_TYPE_COUNT), label: "Professional types" },
  { value: String(CATEGORY_COUNT), label: "Service categories" },
  { value: String(US_STATE_COUNT), label: "US states covered" },
];

export default function LandingB() {
  usePageTitle("Grow Your Business");
  usePrerenderHandoff();
  return (
    <div>
      <PageHero
        eyebrow="For property professionals"
        title="The network where property professionals grow"
        actions={
          <>
            <Link
              to="/register?type=professional"
              onClick={() => trackSignupClick("professional_cta")}
              className={buttonClasses("primary", "lg")}
            >
              Join
            </Link>
            <Link to="/login" className={buttonClasses("secondary", "lg")}>
              Sign In
            </Link>
            <Link to="/how-it-works" className={buttonClasses("ghost", "lg")}>
              Learn How It Works
            </Link>
          </>
        }
      >
        <p>
          Get found by property owners, trade work with professionals you trust and get paid through escrow.{" "}
          {PROFESSION_TYPE_COUNT} professional types, in all {US_STATE_COUNT} states.
        </p>
      </PageHero>

      <Section
        id="categories"
        title="Find your place in the network"
        intro="Not just trades: the people who buy, finance and market property are here too."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {featuredCategories.map(({ value, icon }) => {
            const category = categoryDef(value);
            return (
              <li key={value} className={cn(cardClasses, "flex flex-col p-6")}>
                <IconTile name={icon} />
                <h3 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">{category.label}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{category.description}</p>
                <p className="mt-4 text-sm font-medium text-slate-900 dark:text-white">
                  {pluralTypes(category.professions.length)}, including:
                </p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {category.professions.slice(0, 4).map((profession) => (
                    <li
                      key={profession.value}
                      className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                    >
                      {profession.label}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </Section>

      <section aria-labelledby="stats-heading" className="bg-brand-700 py-12 text-white dark:bg-brand-950">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <h2 id="stats-heading" className="sr-only">
            Rafter in numbers
          </h2>
          <dl className="grid gap-8 text-center sm:grid-cols-3">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-brand-50 dark:text-brand-100">{stat.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-center text-lg text-brand-50 dark:text-brand-100">
            Residential and commercial property, from a single home to a portfolio of buildings.
          </p>
        </div>
      </section>

      <Section id="how-it-works" tone="muted" title="How it works for you">
        <ul className="grid gap-6 lg:grid-cols-3">
          {AUDIENCE_STEPS.map((group) => (
            <li key={group.audience} className={cn(cardClasses, "p-6")}>
              <h3 className="flex items-center gap-3 text-xl font-semibold text-slate-900 dark:text-white">
                <Icon name={group.icon} className="text-brand-700 dark:text-brand-300" />
                {group.audience}
              </h3>
              <ol className="mt-5 space-y-4">
                {group.steps.map((step, index) => (
                  <li key={step.title} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white dark:bg-brand-300 dark:text-brand-950"
                    >
                      {index + 1}
                    </span>
                    <div>
                      <p className="font-semibold text-slate-900 dark:text-white">{step.title}</p>
                      <p className="text-slate-600 dark:text-slate-300">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="stories" title="Example stories" intro="What working on Rafter can look like.">
        <ExampleStories stories={LANDING_STORIES} />
      </Section>

      <Section
        id="pricing"
        tone="muted"
        title="Simple, month-to-month pricing"
        intro="Start free. Upgrade when you want more visibility and more leads."
      >
        <PlanGrid />
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <FaqList faqs={FAQS} />
      </Section>

      <Section id="start" tone="brand" title="Start growing today">
        <ul className="grid gap-6 md:grid-cols-3">
          {CLOSING_HIGHLIGHTS.map((highlight) => (
            <li key={highlight.title} className="rounded-xl border border-white/30 p-6 text-center">
              <Icon name={highlight.icon} className="mx-auto size-8 text-white" />
              <h3 className="mt-3 text-lg font-semibold text-white">
                {highlight.title}
                {highlight.claim && (
                  <sup>
                    <a href="#claim-note" className="ml-0.5 rounded-sm underline focus-visible:outline-white">
                      *<span className="sr-only"> (marketing claim, see note)</span>
                    </a>
                  </sup>
                )}
              </h3>
              <p className="mt-2 text-brand-50 dark:text-brand-100">{highlight.text}</p>
            </li>
          ))}
        </ul>
        <p id="claim-note" className="mx-auto mt-6 max-w-3xl text-center text-sm text-brand-50 dark:text-brand-100">
          * Marketing claim. {CLAIM_FOOTNOTE}
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            to={FREE_TRIAL_CTA.to}
            onClick={() => trackSignupClick("professional_cta")}
            className={onBrandButtonClasses.solid}
          >
            {FREE_TRIAL_CTA.label}
          </Link>
          <Link to="/how-it-works" className={onBrandButtonClasses.outline}>
            Learn How It Works
          </Link>
        </div>
      </Section>
    </div>
  );
}
