import { Link } from "react-router-dom";
import { cn } from "@/lib/cn";
import { profilePath, tagPath } from "./format";
import { richSegments } from "./richText";

// A post's or comment's text with its #tags linked to /feed?tag=x and its @mentions to the
// member's profile (only what the server derived: the post's `hashtags`, the kept `mentions`).

const linkClasses =
  "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-200";

export function RichText({
  text,
  hashtags = [],
  mentions = [],
  className,
}: {
  text: string;
  hashtags?: readonly string[];
  mentions?: readonly { _id: string; name: string }[];
  className?: string;
}) {
  return (
    <p className={cn("break-words whitespace-pre-line text-slate-900 dark:text-slate-100", className)}>
      {richSegments(text, hashtags, mentions).map((s, i) =>
        s.kind === "text" ? (
          s.text
        ) : (
          <Link key={i} to={s.kind === "tag" ? tagPath(s.tag) : profilePath(s.userId)} className={linkClasses}>
            {s.text}
          </Link>
        ),
      )}
    </p>
  );
}
