import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { ConsoleCopy } from "@common/admin";
import { ActionButton, Button, EmptyState, ListSkeleton, LoadMore, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { useErrorToast } from "@/lib/useErrorToast";
import { BanDialog } from "./BanDialog";

// The admin console's Suspicious Users tab (issue 16): members by score, highest first, with the
// signals behind each score (convex/admin/users.ts keeps them as signals are recorded), and the
// admin's ban (behind a confirmation), unban and clear.

const PAGE_SIZE = 20;
type Suspect = FunctionReturnType<typeof api.admin.users.suspicious>["page"][number];

export function SuspiciousUsersTab() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.admin.users.suspicious,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  if (status === "LoadingFirstPage") return <ListSkeleton shape="lines" count={3} label="Loading suspicious users" />;
  if (results.length === 0) return <EmptyState title={ConsoleCopy.noSuspects} />;
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Suspicious users">
        {results.map((member) => (
          <SuspectRow key={member.id} member={member} />
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

const USER_TYPE = { professional: "Professional", homeowner: "Homeowner" } as const;

function SuspectRow({ member }: { member: Suspect }) {
  const { toast } = useToast();
  const showError = useErrorToast();
  const ban = useMutation(api.admin.users.ban);
  const unban = useMutation(api.admin.users.unban);
  const clear = useMutation(api.admin.users.clear);
  const [confirmBan, setConfirmBan] = useState(false);
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email || "Member";

  const run = (label: string, action: () => Promise<unknown>, done: string) => async () => {
    try {
      await action();
      toast({ title: done, variant: "success" });
    } catch (error) {
      showError(error, { title: "Error", description: `Failed to ${label}.` });
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words text-slate-900 dark:text-white">
          {name}
          {member.banned && <span className="ml-2 text-sm font-normal text-red-700 dark:text-red-300">(banned)</span>}
        </p>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Score {member.score}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="inline text-slate-600 dark:text-slate-300">Email: </dt>
          <dd className="inline break-all text-slate-900 dark:text-white">{member.email || "—"}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600 dark:text-slate-300">Type: </dt>
          <dd className="inline text-slate-900 dark:text-white">
            {member.userType ? USER_TYPE[member.userType] : "Not set"}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600 dark:text-slate-300">Verified: </dt>
          <dd className="inline text-slate-900 dark:text-white">{member.verified ? "Yes" : "No"}</dd>
        </div>
        <div className="min-w-0">
          <dt className="inline text-slate-600 dark:text-slate-300">ID: </dt>
          <dd className="inline font-mono text-xs break-all text-slate-900 dark:text-white">{member.id}</dd>
        </div>
      </dl>
      <ul aria-label={`Signals for ${name}`} className="mt-2 flex flex-wrap gap-1">
        {member.signals.map((signal) => (
          <li
            key={signal.kind}
            className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          >
            {signal.label}
            {signal.count > 1 ? ` ×${signal.count}` : ""}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {member.banned ? (
          <ActionButton
            size="sm"
            variant="secondary"
            busyLabel="Unbanning..."
            aria-label={`Unban ${name}`}
            onRun={run("unban user", () => unban({ userId: member.id }), ConsoleCopy.unbanned)}
          >
            Unban
          </ActionButton>
        ) : (
          <Button size="sm" variant="danger" aria-label={`Ban ${name}`} onClick={() => setConfirmBan(true)}>
            Ban user
          </Button>
        )}
        <ActionButton
          size="sm"
          variant="ghost"
          busyLabel="Clearing..."
          aria-label={`Clear ${name}`}
          onRun={run("clear user", () => clear({ userId: member.id }), ConsoleCopy.cleared)}
        >
          Clear
        </ActionButton>
      </div>
      <BanDialog
        open={confirmBan}
        onClose={() => setConfirmBan(false)}
        name={name}
        ban={() => ban({ userId: member.id })}
        bannedMessage="User has been banned."
      >
        They are signed out everywhere and can't sign in again; their profile, posts, comments and reviews are hidden
        until an admin unbans them.
      </BanDialog>
    </li>
  );
}
