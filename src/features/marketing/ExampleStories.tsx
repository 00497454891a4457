import { cardClasses } from "@/components/ui";
import { cn } from "@/lib/cn";
import { mutedClasses } from "./components";
import { STORIES_NOTE, type ExampleStory } from "./content";
import { Icon } from "./icons";

type HeadingTag = "h2" | "h3" | "h4";

/** Illustrative stories, labelled as examples so nobody mistakes them for real customers' reviews. */
export function ExampleStories({
  stories,
  headingLevel = "h3",
}: {
  stories: readonly ExampleStory[];
  headingLevel?: HeadingTag;
}) {
  const Heading = headingLevel;
  return (
    <div>
      <p className="mx-auto flex max-w-3xl items-start justify-center gap-2 rounded-md border border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
        <Icon name="eye" className="mt-0.5 size-5" />
        <span>{STORIES_NOTE}</span>
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {stories.map((story) => (
          <li key={story.title} className={cn(cardClasses, "flex flex-col p-6")}>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
              Example · {story.trade}
            </p>
            <Heading className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">{story.title}</Heading>
            <p className={cn("mt-2 flex-1", mutedClasses)}>{story.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
