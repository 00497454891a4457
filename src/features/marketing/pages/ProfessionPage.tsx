import { Navigate, useParams } from "react-router-dom";
import { formatPlanPrice, planById } from "@common/plans";
import { categoryLabel } from "@common/professions";
import { ButtonLink, cardClasses, TextLink } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { FeatureCard, mutedClasses, PageHero, Section } from "../components";
import { IconTile } from "../icons";
import {
  catalogueEntry,
  DEFAULT_PROFESSION_PAGE,
  isProfessionPageType,
  PROFESSION_PAGE_TYPES,
  professionPage,
  relatedProfessions,
} from "../professionPages";

// /profession/{type} (spec §2): one page for every profession landing; unknown types go to landscaping.

export default function ProfessionPage() {
  const { type } = useParams();
  if (!isProfessionPageType(type)) return <Navigate to={`/profession/${DEFAULT_PROFESSION_PAGE}`} replace />;
  return <ProfessionLanding key={type} type={type} />;
}

function ProfessionLanding({ type }: { type: Parameters<typeof professionPage>[0] }) {
  const page = professionPage(type);
  const entry = catalogueEntry(page.profession);
  const related = relatedProfessions(page.profession);
  const category = categoryLabel(entry.category);
  const basic = planById("basic");
  const pro = planById("pro");
  const joinLabel = `Join as ${/^[aeiou]/i.test(entry.label) ? "an" : "a"} ${entry.label}`;
  usePageTitle(`For ${entry.label}s`);

  return (
    <div>
      <PageHero
        eyebrow={`For ${page.plural}`}
        title={page.headline}
        actions={
          <>
            <ButtonLink to="/register?type=professional" size="lg">
              {joinLabel}
            </ButtonLink>
            <ButtonLink to={`/professional-search?category=${entry.category}`} size="lg" variant="secondary">
              Find {page.plural}
            </ButtonLink>
          </>
        }
      >
        <p>{page.pitch}</p>
      </PageHero>

      <Section id="what" title={`What ${page.plural} do`} centered={false}>
        <div className={cn(cardClasses, "flex flex-col gap-4 p-6 sm:flex-row sm:items-start")}>
          <IconTile name={page.icon} />
          <div>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{entry.label}</h3>
            <p className={cn("mt-1", mutedClasses)}>{entry.description}</p>
            <p className={cn("mt-2 text-sm", mutedClasses)}>Category: {category}</p>
          </div>
        </div>
        <h3 className="mt-10 text-xl font-semibold text-slate-900 dark:text-white">Why {page.plural} use Rafter</h3>
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {page.reasons.map((reason) => (
            <li key={reason.title}>
              <FeatureCard icon="check" title={reason.title} headingLevel="h4">
                <p>{reason.text}</p>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      {related.length > 0 && (
        <Section
          id="related"
          tone="muted"
          title={`Related trades in ${category}`}
          intro="Professionals you can partner with, refer work to, or add to your own profile."
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((profession) => (
              <li key={profession.value} className={cn(cardClasses, "p-5")}>
                <h3 className="font-semibold text-slate-900 dark:text-white">{profession.label}</h3>
                <p className={cn("mt-1 text-sm", mutedClasses)}>{profession.description}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section
        id="join"
        title="Start free, upgrade when you're ready"
        intro={
          <p>
            {basic.name} is {formatPlanPrice(basic).toLowerCase()}: one service listing, messages from owners and a
            basic profile. {pro.name} is {formatPlanPrice(pro)} for unlimited listings, a custom gallery and visible
            endorsements.
          </p>
        }
      >
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/register?type=professional" size="lg">
            {joinLabel}
          </ButtonLink>
          <ButtonLink to="/how-it-works" size="lg" variant="secondary">
            How It Works
          </ButtonLink>
        </div>
        <nav aria-label="Other professions" className="mt-12 text-center">
          <p className={cn("text-sm", mutedClasses)}>More pages for professionals:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-2">
            {PROFESSION_PAGE_TYPES.filter((other) => other !== type).map((other) => (
              <li key={other}>
                <TextLink to={`/profession/${other}`}>
                  {catalogueEntry(professionPage(other).profession).label}
                </TextLink>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <TextLink to="/level-up">Tips to level up your business</TextLink>
          </p>
        </nav>
      </Section>
    </div>
  );
}
