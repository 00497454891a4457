import { Avatar } from "@/components/ui/Avatar";
import { StrokeIcon } from "@/components/ui/Icon";
import { cn } from "@/lib/cn";
import { relativeTime, relativeTimeLong } from "@/lib/relativeTime";
import type { NotificationItem } from "./actions";

const TYPE_ICONS: Record<string, string> = {
  message: "M4 5h16v11H9l-5 4z",
  job: "M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M4 7h16v12H4zM4 12.5h16",
  connection: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M16 5a3 3 0 0 1 0 6M18 15c2 .5 3 2.5 3 5",
  follow: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M18 8v6M15 11h6",
  review: "m12 4 2.4 5 5.6.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.6-.8z",
  system: "M12 8v4m0 4h.01M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
};
const DEFAULT_ICON = "M6 10a6 6 0 1 1 12 0c0 5 2 6 2 6H4s2-1 2-6M10 20h4";
export const BELL_ICON = DEFAULT_ICON;

/** The actor's avatar, or the kind's icon. */
export function NotificationVisual({ n, className }: { n: NotificationItem; className?: string }) {
  if (n.actor) {
    return (
      <Avatar firstName={n.actor.firstName} lastName={n.actor.lastName} image={n.actor.image} className={className} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
        className,
      )}
    >
      <StrokeIcon d={TYPE_ICONS[n.type] ?? DEFAULT_ICON} className="size-5" />
    </span>
  );
}

/** Title, text and age of a notification; unread ones say so to assistive technology. */
export function NotificationText({ n, now }: { n: NotificationItem; now: number }) {
  return (
    <span className="block min-w-0 flex-1">
      <span className="flex items-start gap-2">
        <span
          className={cn(
            "min-w-0 flex-1 break-words text-slate-900 dark:text-white",
            n.read ? "font-medium" : "font-bold",
          )}
        >
          {!n.read && <span className="sr-only">Unread: </span>}
          {n.title}
        </span>
        {!n.read && (
          <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-700 dark:bg-brand-300" />
        )}
      </span>
      {n.content && (
        <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-700 dark:text-slate-200">
          {n.content}
        </span>
      )}
      <time
        dateTime={new Date(n._creationTime).toISOString()}
        title={new Date(n._creationTime).toLocaleString("en-US")}
        className="mt-1 block text-xs text-slate-600 dark:text-slate-300"
      >
        <span aria-hidden="true">{relativeTime(n._creationTime, now)}</span>
        <span className="sr-only">{relativeTimeLong(n._creationTime, now)}</span>
      </time>
    </span>
  );
}
