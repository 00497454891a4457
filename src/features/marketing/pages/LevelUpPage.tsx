import { ButtonLink, cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { mutedClasses, PageHero, Section } from "../components";
import type { ExampleStory } from "../content";
import { ExampleStories } from "../ExampleStories";
import { Icon, type IconName } from "../icons";

// Level Up Your Business (spec §2 "Other content pages"; "Resources" in the signed-in nav): three
// illustrative stories, five numbered steps with action steps and tool links, then the community
// and coaching links. The prototype's community and coaching buttons did nothing: here they go to
// the feed and the contact form.

const stories: readonly ExampleStory[] = [
  {
    title: "An electrician going out on their own",
    trade: "Electrical",
    text: "They completed every part of their profile, got verified in their first week and answered each quote request the same day. Referrals from two contractors in their network followed.",
  },
  {
    title: "A painter adding commercial work",
    trade: "Painting",
    text: "They added photos of finished offices and storefronts to their gallery and asked each client for a review, and started getting requests from property managers.",
  },
  {
    title: "A hauler teaming up with cleanout crews",
    trade: "Hauling",
    text: "They connected with estate cleanout specialists nearby and listed salvageable materials on the scrap marketplace instead of paying to dump them.",
  },
];

interface ToolLink {
  label: string;
  href: string;
}

interface LevelUpStep {
  title: string;
  icon: IconName;
  why: string;
  actions: readonly string[];
  tools?: readonly ToolLink[];
}

const steps: readonly LevelUpStep[] = [
  {
    title: "Complete your profile",
    icon: "user",
    why: "Matching favours complete, active profiles, and owners compare profiles before they reach out.",
    actions: [
      "Add a clear photo or logo and your business name.",
      "Pick every profession you offer and set your service area.",
      "Write a short bio: what you do best, where, and for whom.",
    ],
    tools: [{ label: "Canva (logos and graphics)", href: "https://www.canva.com/" }],
  },
  {
    title: "Show your best work",
    icon: "camera",
    why: "A full portfolio is one of the things matching looks for, and it is what convinces an owner to reach out.",
    actions: [
      "Upload before-and-after photos of at least three recent projects.",
      "Give each project a title, a location and the date it was finished.",
      "Feature the projects that show the work you want more of.",
    ],
  },
  {
    title: "Get verified",
    icon: "shield",
    why: "Licenses, insurance and a background check earn you the Verified badge and higher visibility in search.",
    actions: [
      "Add your license number and upload your license.",
      "Upload a current certificate of insurance.",
      "Complete the background check.",
    ],
    tools: [
      {
        label: "SBA: licenses and permits by state",
        href: "https://www.sba.gov/business-guide/launch-your-business/apply-licenses-permits",
      },
    ],
  },
  {
    title: "Build your network",
    icon: "share",
    why: "Referring work you can't take keeps the owner happy and builds goodwill, and successful referrals earn reputation points.",
    actions: [
      "Connect with professionals in the trades next to yours.",
      "Add trusted colleagues to your backup network for overflow work.",
      "When you are Busy, refer the job instead of turning the owner away.",
    ],
  },
  {
    title: "Keep the work coming",
    icon: "trending",
    why: "Reviews, quick replies and an up-to-date status keep you at the top of owners' lists.",
    actions: [
      "Keep your Available or Busy status up to date.",
      "Answer messages and quote requests within a day.",
      "Ask every client for a review when the job is done.",
    ],
    tools: [
      { label: "Google Business Profile", href: "https://www.google.com/business/" },
      { label: "Wave (free invoicing)", href: "https://www.waveapps.com/invoicing" },
    ],
  },
];

const externalLinkClasses =
  "inline-flex items-center gap-1 rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200";

export default function LevelUpPage() {
  usePageTitle("Level Up Your Business");
  return (
    <div>
      <PageHero eyebrow="Resources" title="Level Up Your Business">
        <p>
          Five steps that help professionals get found, win work and grow on Rafter, with tools to help along the way.
        </p>
      </PageHero>

      <Section id="stories" title="Example stories" intro="What these steps can look like in practice.">
        <ExampleStories stories={stories} />
      </Section>

      <Section id="steps" tone="muted" title="Five steps to grow" centered={false}>
        <ol className="space-y-6">
          {steps.map((step, index) => (
            <li key={step.title} className={cn(cardClasses, "p-6 sm:p-8")}>
              <div className="flex items-start gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white dark:bg-brand-300 dark:text-brand-950"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
                    <span className="sr-only">Step {index + 1}:</span>
                    {step.title}
                    <Icon name={step.icon} className="size-5 text-brand-700 dark:text-brand-300" />
                  </h3>
                  <p className={cn("mt-2", mutedClasses)}>{step.why}</p>
                  <h4 className="mt-4 text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
                    Action steps
                  </h4>
                  <ul className="mt-2 space-y-2 text-slate-700 dark:text-slate-200">
                    {step.actions.map((action) => (
                      <li key={action} className="flex gap-2">
                        <Icon name="check" className="mt-0.5 size-5 text-green-700 dark:text-green-400" />
                        <span>{action}</span>
                      </li>
                    ))}
                  </ul>
                  {step.tools && (
                    <>
                      <h4 className="mt-4 text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
                        Helpful tools
                      </h4>
                      <ul className="mt-2 space-y-1">
                        {step.tools.map((tool) => (
                          <li key={tool.href}>
                            <a href={tool.href} rel="noopener noreferrer" className={externalLinkClasses}>
                              {tool.label}
                              <span className="sr-only"> (external site)</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="support"
        title="You don't have to do it alone"
        intro="Swap tips with other professionals in the community, or ask our team for help with your profile."
      >
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/feed" size="lg">
            Join the Community
          </ButtonLink>
          <ButtonLink to="/contact?subject=Coaching" size="lg" variant="secondary">
            Ask for Coaching
          </ButtonLink>
        </div>
        <p className={cn("mt-6 text-center text-sm", mutedClasses)}>
          Free small-business mentoring is also available from{" "}
          <a href="https://www.score.org/" rel="noopener noreferrer" className={externalLinkClasses}>
            SCORE<span className="sr-only"> (external site)</span>
          </a>
          .
        </p>
      </Section>
    </div>
  );
}
