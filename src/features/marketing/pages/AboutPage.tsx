import { PROFESSION_CATEGORIES } from "@common/professions";
import { ButtonLink, cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { FeatureCard, mutedClasses, PageHero, Section } from "../components";
import { BENEFITS, CATEGORY_COUNT, PROFESSION_TYPE_COUNT, US_STATE_COUNT } from "../content";
import { Icon } from "../icons";

// About (spec §1): what Rafter is, for whom, and what it stands for. Facts only: no invented history.

const values = [
  {
    title: "Trust you can check",
    text: "Verification is based on real documents: licenses, insurance and background checks. Reviews come from the people who hired.",
    icon: "shield",
  },
  {
    title: "Professionals help each other",
    text: "A busy professional shouldn't have to turn an owner away. The backup network passes the work to someone trusted.",
    icon: "share",
  },
  {
    title: "Fair to both sides",
    text: "Escrow protects the owner's money and the professional's payment until the finished work is documented.",
    icon: "dollar",
  },
] as const;

export default function AboutPage() {
  usePageTitle("About");
  return (
    <div>
      <PageHero title="About Rafter">
        <p>
          Rafter is a marketplace and professional network for everyone who owns, manages or works on property in the
          United States.
        </p>
      </PageHero>

      <Section id="mission" title="Why we built Rafter" centered={false}>
        <div className="grid gap-10 lg:grid-cols-2">
          <div className={cn("space-y-4 text-lg", mutedClasses)}>
            <p>
              Finding the right professional for a property is harder than it should be. Owners wonder who is licensed,
              insured and available. Good professionals lose work when they are fully booked, and lose time chasing
              leads that go nowhere.
            </p>
            <p>
              Rafter brings both sides into one place. Owners post projects, request quotes and hire verified
              professionals. Professionals build a profile that shows their work, bid on jobs, refer work to each other
              and grow through their network.
            </p>
          </div>
          <div className={cn(cardClasses, "self-start p-6 text-center")}>
            <dl className="grid grid-cols-1 gap-6 sm:grid-cols-3">
              <div className="flex flex-col-reverse gap-1">
                <dt className={mutedClasses}>professional types</dt>
                <dd className="text-4xl font-extrabold text-brand-700 dark:text-brand-300">{PROFESSION_TYPE_COUNT}</dd>
              </div>
              <div className="flex flex-col-reverse gap-1">
                <dt className={mutedClasses}>service categories</dt>
                <dd className="text-4xl font-extrabold text-brand-700 dark:text-brand-300">{CATEGORY_COUNT}</dd>
              </div>
              <div className="flex flex-col-reverse gap-1">
                <dt className={mutedClasses}>US states</dt>
                <dd className="text-4xl font-extrabold text-brand-700 dark:text-brand-300">{US_STATE_COUNT}</dd>
              </div>
            </dl>
            <p className={cn("mt-6 text-sm", mutedClasses)}>Residential and commercial property.</p>
          </div>
        </div>
      </Section>

      <Section
        id="who"
        tone="muted"
        title="Who Rafter is for"
        intro={`From the first showing to the final coat of paint: ${CATEGORY_COUNT} categories of professionals.`}
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {PROFESSION_CATEGORIES.map((category) => (
            <li key={category.value} className={cn(cardClasses, "p-5")}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{category.label}</h3>
              <p className={cn("mt-1 text-sm", mutedClasses)}>{category.description}</p>
            </li>
          ))}
        </ul>
        <p className={cn("mx-auto mt-8 max-w-3xl text-center text-lg", mutedClasses)}>
          And the property owners who hire them: homeowners, landlords, investors and businesses.
        </p>
      </Section>

      <Section id="values" title="What we stand for">
        <ul className="grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <li key={value.title}>
              <FeatureCard icon={value.icon} title={value.title}>
                <p>{value.text}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="features" tone="muted" title="What's on Rafter">
        <ul className="grid gap-4 sm:grid-cols-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="flex gap-3">
              <Icon name={benefit.icon} className="mt-0.5 text-brand-700 dark:text-brand-300" />
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{benefit.title}</h3>
                <p className={mutedClasses}>{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/register" size="lg">
            Join Rafter
          </ButtonLink>
          <ButtonLink to="/contact" size="lg" variant="secondary">
            Contact Us
          </ButtonLink>
        </div>
      </Section>
    </div>
  );
}
