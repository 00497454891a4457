import { Link } from "react-router-dom";
import { cardClasses, TextLink } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";

// The simple signed-out landing (a fuller one comes later): hero, two calls to action, sign-in link.

const ctas = [
  {
    to: "/register?type=homeowner",
    audience: "For property owners",
    title: "Find Professionals",
    text: "Post your project and hear from vetted contractors, inspectors, agents and more near you.",
  },
  {
    to: "/register?type=professional",
    audience: "For service professionals",
    title: "Join as Professional",
    text: "Build your profile, get discovered by local owners and grow your business with referrals.",
  },
] as const;

export function LandingPage() {
  usePageTitle(undefined);
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 dark:from-brand-950 dark:to-slate-950">
      <section aria-labelledby="hero-heading" className="mx-auto max-w-5xl px-4 py-12 text-center sm:py-20">
        <h1
          id="hero-heading"
          className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
        >
          Property work, done by <span className="text-brand-700 dark:text-brand-300">trusted pros</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-200">
          Rafter connects US property owners with 70+ types of vetted property and skilled-trade professionals, from
          general contractors and electricians to inspectors, agents and photographers.
        </p>
        <ul className="mt-10 grid gap-6 text-left md:grid-cols-2">
          {ctas.map((cta) => (
            <li key={cta.to}>
              <Link
                to={cta.to}
                className={cn(
                  cardClasses,
                  "group flex h-full flex-col gap-3 p-6 transition-colors hover:border-brand-600 dark:hover:border-brand-300",
                )}
              >
                <span className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
                  {cta.audience}
                </span>
                <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{cta.title}</h2>
                <p className="flex-1 text-slate-600 dark:text-slate-300">{cta.text}</p>
                <span className="font-semibold text-brand-700 group-hover:underline dark:text-brand-300">
                  Get started <span aria-hidden="true">→</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-slate-700 dark:text-slate-200">
          Already have an account? <TextLink to="/login">Sign in here</TextLink>
        </p>
      </section>
    </div>
  );
}
