import { Link } from "react-router-dom";
import { cardClasses, TextLink } from "@/components/ui";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";

const choices = [
  {
    to: "/signup?type=professional",
    title: "For Service Professionals",
    text: "Contractors, agents, inspectors, designers, photographers, haulers and more: build your profile, get discovered and win work.",
    cta: "Join as a professional",
    icon: <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5Z" />,
  },
  {
    to: "/signup?type=homeowner",
    title: "For Property Owners",
    text: "Find vetted local professionals, request quotes and manage your property projects in one place.",
    cta: "Join as a property owner",
    icon: <path d="M3 11 12 4l9 7M5 10v10h14V10M10 20v-6h4v6" />,
  },
] as const;

export function SignUpChoicePage() {
  usePageTitle("Join Rafter");
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Join Rafter</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">How will you use Rafter?</p>
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {choices.map((choice) => (
          <li key={choice.to}>
            <Link
              to={choice.to}
              className={cn(
                cardClasses,
                "group flex h-full flex-col gap-4 p-6 transition-colors hover:border-brand-600 dark:hover:border-brand-300",
              )}
            >
              <svg
                viewBox="0 0 24 24"
                className="size-10 rounded-lg bg-brand-50 p-2 text-brand-700 dark:bg-brand-950 dark:text-brand-200"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {choice.icon}
              </svg>
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{choice.title}</h2>
              <p className="flex-1 text-slate-600 dark:text-slate-300">{choice.text}</p>
              <span className="font-semibold text-brand-700 underline-offset-2 group-hover:underline dark:text-brand-300">
                {choice.cta} <span aria-hidden="true">→</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-slate-700 dark:text-slate-200">
        Already have an account? <TextLink to="/login">Sign in</TextLink>
      </p>
    </div>
  );
}
