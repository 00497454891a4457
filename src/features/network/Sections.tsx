import { Field, Label, Switch } from "@headlessui/react";
import { useQuery } from "convex/react";
import { useState } from "react";
import { Button, ButtonLink, EmptyState, ListSkeleton } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { ActionButton } from "@/components/ui/ActionButton";
import { NetworkCopy } from "./copy";
import { mutedText, PersonCard, SectionHeading, StateActions } from "./PersonCard";
import { nameOf, type NetworkCard, type useNetworkActions } from "./useNetworkActions";

type Actions = ReturnType<typeof useNetworkActions>;

// The network page's live lists: requests, connections (with the backup switch), the backup
// network, and suggestions.

const gridClasses = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

export function PendingRequests({ actions }: { actions: Actions }) {
  const pending = useQuery(api.connections.pending, {});
  // Shown only when there is something to answer or wait for (it appears live).
  if (pending === undefined || (pending.incoming.length === 0 && pending.outgoing.length === 0)) return null;
  return (
    <section aria-labelledby="requests-heading">
      <SectionHeading id="requests-heading" title="Connection Requests" />
      <div className="space-y-6">
        {pending.incoming.length > 0 && (
          <div>
            <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">
              Waiting for your answer ({pending.incoming.length})
            </h3>
            <ul className={gridClasses}>
              {pending.incoming.map((card) => (
                <li key={card.user._id}>
                  <PersonCard
                    user={card.user}
                    compact
                    actions={
                      <>
                        <ActionButton size="sm" onRun={() => actions.answer(card, true)} busyLabel="Accepting...">
                          Accept<span className="sr-only"> {nameOf(card.user)}'s request</span>
                        </ActionButton>
                        <ActionButton
                          size="sm"
                          variant="secondary"
                          onRun={() => actions.answer(card, false)}
                          busyLabel="Declining..."
                        >
                          Decline<span className="sr-only"> {nameOf(card.user)}'s request</span>
                        </ActionButton>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        {pending.outgoing.length > 0 && (
          <div>
            <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">Sent ({pending.outgoing.length})</h3>
            <ul className={gridClasses}>
              {pending.outgoing.map((card) => (
                <li key={card.user._id}>
                  <PersonCard
                    user={card.user}
                    compact
                    actions={
                      <ActionButton
                        size="sm"
                        variant="secondary"
                        onRun={() => actions.cancel(card)}
                        busyLabel="Cancelling..."
                      >
                        Cancel<span className="sr-only"> request to {nameOf(card.user)}</span>
                      </ActionButton>
                    }
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

const CONNECTIONS_LIMIT = 200;

export function MyConnections({ viewerId, actions }: { viewerId: string; actions: Actions }) {
  const connections = useQuery(api.connections.listOf, { userId: viewerId, limit: CONNECTIONS_LIMIT });
  return (
    <section aria-labelledby="connections-heading">
      <SectionHeading id="connections-heading" title="Your Connections">
        {NetworkCopy.backupExplainer}
      </SectionHeading>
      {connections === undefined ? (
        <ListSkeleton shape="person" layout="grid" count={3} label="Loading your connections..." />
      ) : connections.length === 0 ? (
        <EmptyState>No connections yet. Connect with the suggested professionals below.</EmptyState>
      ) : (
        <ul className={gridClasses}>
          {connections.map((card) => (
            <li key={card.user._id}>
              <PersonCard
                user={card.user}
                compact
                actions={
                  <>
                    <StateActions card={card} actions={actions} />
                    <ActionButton
                      size="sm"
                      variant="ghost"
                      onRun={() => actions.disconnect(card)}
                      busyLabel="Removing..."
                    >
                      Remove<span className="sr-only"> {nameOf(card.user)}</span>
                    </ActionButton>
                  </>
                }
              >
                <BackupSwitch card={card} actions={actions} />
              </PersonCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BackupSwitch({ card, actions }: { card: NetworkCard; actions: Actions }) {
  const [busy, setBusy] = useState(false);
  const on = card.inMyBackup;
  return (
    <Field className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
      <Label className="cursor-pointer text-sm font-medium text-slate-900 dark:text-slate-100">
        Backup network<span className="sr-only"> for {nameOf(card.user)}</span>
      </Label>
      <Switch
        checked={on}
        disabled={busy}
        onChange={(next) => {
          if (busy) return;
          setBusy(true);
          void actions.setBackup(card.user, next).finally(() => setBusy(false));
        }}
        className={cn(
          "group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
          "bg-slate-500 data-checked:bg-brand-700 dark:bg-slate-500 dark:data-checked:bg-brand-300",
          "data-disabled:cursor-wait",
        )}
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}

export function BackupMembers({ actions }: { actions: Actions }) {
  const members = useQuery(api.backup.members, {});
  return (
    <section aria-labelledby="backup-heading">
      <SectionHeading id="backup-heading" title="My Backup Network">
        The professionals who see the jobs you share. Add or remove them with the switch on each connection.
      </SectionHeading>
      {members === undefined ? (
        <ListSkeleton shape="person" layout="grid" count={2} label="Loading your backup network..." />
      ) : members.length === 0 ? (
        <EmptyState>Nobody yet. Turn on "Backup network" for a connection you trust.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
          {members.map((user) => (
            <li key={user._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <ButtonLink to={`/profile/${user._id}`} variant="ghost" size="sm" className="-ml-3">
                  {nameOf(user)}
                </ButtonLink>
                <p className={cn("text-sm", mutedText)}>
                  {[user.businessName, [user.city, user.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}
                </p>
              </div>
              <ActionButton
                size="sm"
                variant="secondary"
                onRun={() => actions.setBackup(user, false)}
                busyLabel="Removing..."
              >
                Remove from backup<span className="sr-only"> network: {nameOf(user)}</span>
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SUGGESTIONS_SHOWN = 6;

export function Suggestions({ actions }: { actions: Actions }) {
  const [offset, setOffset] = useState(0);
  const result = useQuery(api.connections.suggestions, { offset, limit: SUGGESTIONS_SHOWN });
  // While the next ones load, the current cards stay.
  const [last, setLast] = useState(result);
  if (result !== undefined && result !== last) setLast(result);
  const data = result ?? last;
  return (
    <section aria-labelledby="suggestions-heading">
      <SectionHeading id="suggestions-heading" title="Suggested Professionals">
        People near you and in related trades.
      </SectionHeading>
      {data === undefined ? (
        <ListSkeleton shape="person" layout="grid" label="Loading suggestions..." />
      ) : data.items.length === 0 ? (
        <EmptyState>No suggestions right now.</EmptyState>
      ) : (
        <ul className={gridClasses} aria-busy={result === undefined || undefined}>
          {data.items.map(({ card }) => (
            <li key={card.user._id}>
              <PersonCard
                user={card.user}
                actions={
                  <>
                    <StateActions card={card} actions={actions} messageHref={`/messages?user=${card.user._id}`} />
                    <ButtonLink to={`/messages?user=${card.user._id}`} size="sm" variant="secondary">
                      Message<span className="sr-only"> {nameOf(card.user)}</span>
                    </ButtonLink>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {data !== undefined && (data.hasMore || offset > 0) && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            loading={result === undefined}
            loadingText="Loading..."
            onClick={() => setOffset(data.hasMore ? offset + SUGGESTIONS_SHOWN : 0)}
          >
            {data.hasMore ? "Show More Suggestions" : "Back to Top Suggestions"}
          </Button>
        </div>
      )}
    </section>
  );
}
