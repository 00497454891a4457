import { Link } from "react-router-dom";
import { cardClasses, TextLink } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { usePrerenderHandoff } from "@/prerender/handoff";
import {
  FeatureCard,
  h1Classes,
  leadClasses,
  onBrandButtonClasses,
  pageContainer,
  Section,
  StepList,
} from "./components";
import {
  BENEFITS,
  CATEGORY_COUNT,
  OWNER_STEPS,
  PRO_STEPS,
  PROFESSION_TYPE_COUNT,
  pluralTypes,
  professionCount,
  TRADE_CARDS,
  US_STATE_COUNT,
} from "./content";
import { DownloadApp } from "./DownloadApp";
import { Icon, IconTile } from "./icons";
import { trackSignupClick, type SignupAudience } from "./signupTracking";
import { useScrollThenNavigate } from "./useScrollThenNavigate";

// Landing A at / for signed-out visitors (spec §2 "Landing pages"): hero with the two
// audiences, Download App, the trade cards, how it works, benefits, closing calls to action.
// Kept light: it is the first page most visitors load (inline icons, no extra libraries).

const audienceCards: {
  to: string;
  audience: string;
  title: string;
  text: string;
  cta: string;
  label: SignupAudience;
  icon: "home" | "hammer";
}[] = [
  {
    to: "/register?type=homeowner",
    audience: "For property owners",
    title: "Find Professionals",
    text: "Post your project and hear from vetted contractors, inspectors, agents and more near you.",
    cta: "Get started",
    label: "homeowner_cta",
    icon: "home",
  },
  {
    to: "/register?type=professional",
    audience: "For service professionals",
    title: "Join as Professional",
    text: "Build your profile, get discovered by local owners and grow your business with referrals.",
    cta: "Create your profile",
    label: "professional_cta",
    icon: "hammer",
  },
];

export default function LandingA() {
  usePageTitle(undefined);
  usePrerenderHandoff();
  const scrollThenNavigate = useScrollThenNavigate();

  return (
    <div>
      <section
        aria-labelledby="hero-heading"
        className="bg-gradient-to-b from-brand-50 to-slate-50 dark:from-brand-950 dark:to-slate-950"
      >
        <div className={cn(pageContainer, "py-12 text-center sm:py-20")}>
          <h1 id="hero-heading" className={h1Classes}>
            Property work, done by <span className="text-brand-700 dark:text-brand-300">trusted pros</span>
          </h1>
          <p className={cn("mx-auto mt-5 max-w-2xl", leadClasses)}>
            Rafter connects property owners in all {US_STATE_COUNT} states with {PROFESSION_TYPE_COUNT} types of
            property and skilled-trade professionals in {CATEGORY_COUNT} service categories, for homes and commercial
            property alike.
          </p>
          <ul className="mx-auto mt-10 grid max-w-4xl gap-6 text-left md:grid-cols-2">
            {audienceCards.map((card) => (
              <li key={card.to}>
                <Link
                  to={card.to}
                  onClick={() => trackSignupClick(card.label)}
                  className={cn(
                    cardClasses,
                    "group flex h-full flex-col gap-3 p-6 transition-colors hover:border-brand-600 dark:hover:border-brand-300",
                  )}
                >
                  <IconTile name={card.icon} />
                  <span className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
                    {card.audience}
                  </span>
                  <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{card.title}</h2>
                  <p className="flex-1 text-slate-600 dark:text-slate-300">{card.text}</p>
                  <span className="font-semibold text-brand-700 group-hover:underline dark:text-brand-300">
                    {card.cta} <span aria-hidden="true">→</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center gap-4">
            <DownloadApp />
            <p className="text-slate-700 dark:text-slate-200">
              Already have an account? <TextLink to="/login">Sign in here</TextLink>
            </p>
          </div>
        </div>
      </section>

      <Section
        id="trades"
        title="A professional for every part of the property"
        intro={`${PROFESSION_TYPE_COUNT} professional types, from the first showing to the final coat of paint.`}
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TRADE_CARDS.map((card) => (
            <li key={card.title}>
              <Link
                to={card.to}
                onClick={(event) => scrollThenNavigate(event, card.to)}
                className={cn(
                  cardClasses,
                  "group flex h-full gap-4 p-4 transition-colors hover:border-brand-600 sm:flex-col sm:gap-3 sm:p-5 dark:hover:border-brand-300",
                )}
              >
                <IconTile name={card.icon} />
                <div className="flex flex-1 flex-col">
                  <h3 className="text-lg font-semibold text-slate-900 group-hover:underline dark:text-white">
                    {card.title}
                  </h3>
                  <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">{card.description}</p>
                  <p className="mt-2 text-sm font-medium text-brand-700 dark:text-brand-300">
                    {pluralTypes(professionCount(card.categories))}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" tone="muted" title="How Rafter works" intro="Three steps, whichever side you're on.">
        <div className="grid gap-10 md:grid-cols-2">
          <div className={cn(cardClasses, "p-6 sm:p-8")}>
            <h3 className="flex items-center gap-3 text-xl font-semibold text-slate-900 dark:text-white">
              <Icon name="home" className="text-brand-700 dark:text-brand-300" />
              For property owners
            </h3>
            <div className="mt-6">
              <StepList steps={OWNER_STEPS} headingLevel="h4" />
            </div>
          </div>
          <div className={cn(cardClasses, "p-6 sm:p-8")}>
            <h3 className="flex items-center gap-3 text-xl font-semibold text-slate-900 dark:text-white">
              <Icon name="hammer" className="text-brand-700 dark:text-brand-300" />
              For professionals
            </h3>
            <div className="mt-6">
              <StepList steps={PRO_STEPS} headingLevel="h4" />
            </div>
          </div>
        </div>
        <p className="mt-8 text-center">
          <TextLink to="/how-it-works">Learn more about how it works</TextLink>
        </p>
      </Section>

      <Section id="benefits" title="What you get with Rafter">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <FeatureCard icon={benefit.icon} title={benefit.title}>
                <p>{benefit.text}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="get-started"
        tone="brand"
        title="Ready to get started?"
        intro="Joining is free. Tell us whether you need work done or do the work."
      >
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            to="/register?type=homeowner"
            onClick={() => trackSignupClick("homeowner_cta")}
            className={onBrandButtonClasses.solid}
          >
            Find Professionals
          </Link>
          <Link
            to="/register?type=professional"
            onClick={() => trackSignupClick("professional_cta")}
            className={onBrandButtonClasses.outline}
          >
            Join as Professional
          </Link>
        </div>
      </Section>
    </div>
  );
}
