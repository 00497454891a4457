import { ButtonLink, cardClasses, TextLink } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { FeatureCard, mutedClasses, PageHero, Section, StepList } from "../components";
import { BENEFITS, CATEGORY_COUNT, OWNER_STEPS, PRO_STEPS, PROFESSION_TYPE_COUNT } from "../content";
import { Icon } from "../icons";

// How It Works (spec §2 "Other content pages"): the owner and professional three-step explanations.

export default function HowItWorksPage() {
  usePageTitle("How It Works");
  return (
    <div>
      <PageHero title="How It Works">
        <p>
          Property owners find the right professional for the job. Professionals find the work, and the partners, to
          grow. Here is how each side uses Rafter.
        </p>
      </PageHero>

      <Section id="owners" title="For property owners" intro="From a leaky faucet to a full renovation or a home sale.">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <StepList steps={OWNER_STEPS} />
          <div className={cn(cardClasses, "p-6")}>
            <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              <Icon name="shield" className="text-brand-700 dark:text-brand-300" />
              Hire with confidence
            </h3>
            <ul className={cn("mt-3 list-disc space-y-2 pl-5", mutedClasses)}>
              <li>
                Look for the Verified badge: the professional's license, insurance and background check were reviewed.
              </li>
              <li>Compare portfolios, client endorsements and reviews before you choose.</li>
              <li>Pay through escrow: the money is released after the finished work is documented.</li>
              <li>Need listing photos? Ask for a certified photographer.</li>
            </ul>
          </div>
        </div>
      </Section>

      <Section
        id="professionals"
        tone="muted"
        title="For professionals"
        intro={`${PROFESSION_TYPE_COUNT} professional types in ${CATEGORY_COUNT} service categories, residential and commercial.`}
      >
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <StepList steps={PRO_STEPS} />
          <div className={cn(cardClasses, "p-6")}>
            <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              <Icon name="share" className="text-brand-700 dark:text-brand-300" />
              Grow with your network
            </h3>
            <ul className={cn("mt-3 list-disc space-y-2 pl-5", mutedClasses)}>
              <li>Set yourself Available or Busy so owners reach you when you can take the work.</li>
              <li>
                Share overflow jobs with your backup network and earn reputation points for referrals that succeed.
              </li>
              <li>Post to the community feed, follow other professionals and trade leftover materials.</li>
            </ul>
            <p className="mt-4">
              <TextLink to="/level-up">Tips to level up your business</TextLink>
            </p>
          </div>
        </div>
      </Section>

      <Section id="features" title="Built in for both sides">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.slice(0, 4).map((benefit) => (
            <li key={benefit.title}>
              <FeatureCard icon={benefit.icon} title={benefit.title}>
                <p>{benefit.text}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/register?type=homeowner" size="lg">
            Find Professionals
          </ButtonLink>
          <ButtonLink to="/register?type=professional" size="lg" variant="secondary">
            Join as Professional
          </ButtonLink>
        </div>
      </Section>
    </div>
  );
}
