import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { categoryLabel, professionLabel } from "@common/professions";
import { Button, ButtonLink, cardClasses } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { cn } from "@/lib/cn";
import { ActionButton } from "@/components/ui/ActionButton";
import { AvailabilityBadge, ChipList, VerifiedBadge } from "@/features/directory/ProfessionalCard";
import { nameOf, type NetworkCard, type NetworkUser, type useNetworkActions } from "./useNetworkActions";

// A professional on the network page: picture or initials, name (a link to /profile/{id}), business
// and trade, place, and the actions that fit the connection's state.

export const mutedText = "text-slate-600 dark:text-slate-300";

export function PersonCard({
  user,
  actions,
  children,
  compact = false,
}: {
  user: NetworkUser;
  actions?: ReactNode;
  children?: ReactNode;
  compact?: boolean;
}) {
  const name = nameOf(user);
  const profession = user.primaryProfession ? professionLabel(user.primaryProfession) : null;
  const place = [user.city, user.state].filter(Boolean).join(", ");
  return (
    <article
      aria-label={name}
      className={cn(cardClasses, "flex h-full flex-col gap-3", compact ? "p-3 sm:p-4" : "p-4 sm:p-5")}
    >
      <div className="flex items-start gap-3">
        <Avatar
          firstName={user.firstName}
          lastName={user.lastName}
          name={name}
          image={user.image}
          className="size-12"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">
            <Link
              to={`/profile/${user._id}`}
              className="text-slate-900 underline-offset-2 hover:underline dark:text-white"
            >
              {name}
            </Link>
          </h3>
          <p className={cn("text-sm break-words", mutedText)}>
            {[user.businessName, profession].filter(Boolean).join(" · ") || "Professional"}
          </p>
          {place && <p className={cn("text-sm", mutedText)}>{place}</p>}
        </div>
      </div>
      {!compact && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            {user.verified && <VerifiedBadge />}
            {user.available !== null && <AvailabilityBadge available={user.available} />}
          </div>
          <ChipList items={user.professionalCategories.map(categoryLabel)} max={2} label="Categories" tone="brand" />
        </>
      )}
      {children}
      {actions && <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div>}
    </article>
  );
}

/** Message (connected), Pending (sent, disabled), Accept (received) or Connect. */
export function StateActions({
  card,
  actions,
  messageHref,
}: {
  card: NetworkCard;
  actions: ReturnType<typeof useNetworkActions>;
  messageHref?: string;
}) {
  const name = nameOf(card.user);
  switch (card.state) {
    case "connected":
      return (
        <ButtonLink to={messageHref ?? `/messages/${card.user._id}`} size="sm">
          Message<span className="sr-only"> {name}</span>
        </ButtonLink>
      );
    case "outgoing":
      return (
        <Button size="sm" variant="secondary" disabled aria-label={`Pending: request sent to ${name}`}>
          Pending
        </Button>
      );
    case "incoming":
      return (
        <ActionButton size="sm" onRun={() => actions.answer(card, true)} busyLabel="Accepting...">
          Accept<span className="sr-only"> {name}'s request</span>
        </ActionButton>
      );
    default:
      return (
        <ActionButton size="sm" onRun={() => actions.connect(card.user)} busyLabel="Sending...">
          Connect<span className="sr-only"> with {name}</span>
        </ActionButton>
      );
  }
}

export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 id={id} className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
        {title}
      </h2>
      {children && <p className={cn("mt-1", mutedText)}>{children}</p>}
    </div>
  );
}
