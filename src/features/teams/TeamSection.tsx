import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ENTERPRISE_TEAM_SEATS } from "@common/plans";
import { SEAT_STATE_LABELS, TeamCopy } from "@common/teams";
import { teamInviteSchema, type TeamInviteValues } from "@common/teamInvite";
import { ActionButton, Alert, Button, Card, ListSkeleton, TextField, TextLink, useToast } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyFieldErrors } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";
import { setActingFor } from "./acting";

// Enterprise team seats in Account settings: the owner's Team section (invite, the seats and their
// states, remove), the invitations waiting for the viewer, and the viewer's own seat (leave).
// Below Enterprise the owner's section is the upgrade prompt. The server enforces every rule
// (convex/model/teams.ts); this shows what it says.

const sectionTitle = "text-lg font-semibold text-slate-900 dark:text-white";
const sectionText = "mt-1 text-sm text-slate-600 dark:text-slate-300";

const STATE_CLASSES: Record<string, string> = {
  active: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  invited: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
};

/** The owner's Team section, for professionals. */
export function TeamSection() {
  const team = useQuery(api.teams.team, {});
  if (team === null) return null;
  return (
    <Card as="section" id="team" aria-labelledby="team-heading" className="scroll-mt-24 p-4 sm:p-6">
      <h2 id="team-heading" className={sectionTitle}>
        {TeamCopy.title}
      </h2>
      {team === undefined ? (
        <ListSkeleton shape="row" count={2} label="Loading your team" />
      ) : !team.inForce && !team.suspended ? (
        <Alert variant="info" title={TeamCopy.upgradeTitle} live="off" className="mt-3">
          <p>{TeamCopy.upgrade}</p>
          <p className="mt-2">
            <TextLink to="/subscribe">{TeamCopy.upgradeLink}</TextLink>
          </p>
        </Alert>
      ) : (
        <>
          <p className={sectionText}>{TeamCopy.summary}</p>
          {team.suspended && (
            <Alert variant="warning" title={TeamCopy.suspendedTitle} live="polite" className="mt-3">
              <p>{TeamCopy.suspended}</p>
              <p className="mt-2">
                <TextLink to="/subscribe">{TeamCopy.upgradeLink}</TextLink>
              </p>
            </Alert>
          )}
          <p className="mt-3 text-sm font-medium text-slate-800 dark:text-slate-100">{TeamCopy.seatsUsed(team.used)}</p>
          {team.inForce && <InviteForm full={team.used >= team.seatLimit} />}
          <SeatList seats={team.seats} />
        </>
      )}
    </Card>
  );
}

function InviteForm({ full }: { full: boolean }) {
  const invite = useMutation(api.teams.invite);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TeamInviteValues>({ resolver: zodResolver(teamInviteSchema), defaultValues: { email: "" } });

  const submit = async (values: TeamInviteValues) => {
    try {
      await invite(values);
    } catch (error) {
      const shown = reportError(error, { title: "Invitation not sent", description: "Please try again." });
      applyFieldErrors(shown.data, setError, ["email"]);
      return;
    }
    toast({ title: TeamCopy.invited(values.email.trim()), variant: "success" });
    reset();
  };

  if (full) {
    return (
      <Alert variant="info" live="polite" className="mt-3">
        {TeamCopy.seatsFull}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="Invite by email"
        type="email"
        autoComplete="off"
        required
        className="flex-1"
        hint={`Up to ${ENTERPRISE_TEAM_SEATS - 1} members. They accept from their own Rafter account.`}
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" disabled={isSubmitting} className="sm:mt-7">
        {isSubmitting ? "Sending invitation..." : "Send invitation"}
      </Button>
    </form>
  );
}

interface SeatRow {
  _id: Id<"teamSeats">;
  email: string;
  state: keyof typeof SEAT_STATE_LABELS;
  memberName: string | null;
}

function SeatList({ seats }: { seats: SeatRow[] }) {
  const remove = useMutation(api.teams.remove);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [removing, setRemoving] = useState<SeatRow | null>(null);
  if (seats.length === 0) {
    return <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">No one on your team yet. Invite someone above.</p>;
  }
  const who = (s: SeatRow) => s.memberName ?? s.email;
  return (
    <>
      <ul aria-label="Team members" className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
        {seats.map((seat) => (
          <li key={seat._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 dark:text-white">{who(seat)}</p>
              {seat.memberName && <p className="truncate text-sm text-slate-600 dark:text-slate-300">{seat.email}</p>}
            </div>
            <div className="flex items-center gap-2">
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATE_CLASSES[seat.state])}>
                {SEAT_STATE_LABELS[seat.state]}
              </span>
              <Button variant="secondary" size="sm" onClick={() => setRemoving(seat)}>
                {seat.state === "invited" ? "Cancel invitation" : "Remove"}
                <span className="sr-only"> {who(seat)}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing?.state === "invited" ? "Cancel this invitation?" : `Remove ${removing ? who(removing) : ""}?`}
        confirmLabel={removing?.state === "invited" ? "Cancel invitation" : "Remove"}
        busyLabel="Removing..."
        cancelLabel="Keep"
        variant="danger"
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove({ seatId: removing._id });
            toast({ title: `${who(removing)} is no longer on your team.`, variant: "success" });
          } catch (error) {
            reportError(error, { title: "Not removed", description: "Please try again." });
          }
        }}
      >
        <p>
          {removing?.state === "invited"
            ? "The invitation stops working and its seat is free again."
            : "They can no longer act for your business. The bids and messages they sent stay the business's."}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Invitations waiting for the viewer, and the viewer's own seat on a team (for everyone). */
export function MyTeamCard() {
  const membership = useQuery(api.teams.membership, {});
  const accept = useMutation(api.teams.accept);
  const decline = useMutation(api.teams.decline);
  const leave = useMutation(api.teams.leave);
  const { toast } = useToast();
  const reportError = useErrorToast();
  const [leaving, setLeaving] = useState(false);
  if (!membership || (membership.invitations.length === 0 && membership.seat === null)) return null;
  const { seat, invitations } = membership;
  return (
    <Card as="section" id="team-invitations" aria-labelledby="my-team-heading" className="scroll-mt-24 p-4 sm:p-6">
      <h2 id="my-team-heading" className={sectionTitle}>
        {seat ? "Your team" : TeamCopy.invitationsTitle}
      </h2>
      {seat && (
        <div className="mt-2 space-y-3">
          <p className="text-slate-800 dark:text-slate-100">
            You're a member of <strong>{seat.business.name}</strong>'s team. Use "{TeamCopy.actingAs}" at the top of the
            page to act for the business.
          </p>
          {seat.suspended && (
            <Alert variant="warning" live="polite">
              {TeamCopy.memberSuspended(seat.business.name)}
            </Alert>
          )}
          <Button variant="secondary" size="sm" onClick={() => setLeaving(true)}>
            Leave team
          </Button>
          <ConfirmDialog
            open={leaving}
            onClose={() => setLeaving(false)}
            title={`Leave ${seat.business.name}'s team?`}
            confirmLabel="Leave team"
            busyLabel="Leaving..."
            cancelLabel="Stay"
            variant="danger"
            onConfirm={async () => {
              try {
                await leave({ seatId: seat._id });
                setActingFor(null);
                toast({ title: `You left ${seat.business.name}'s team.`, variant: "success" });
              } catch (error) {
                reportError(error, { title: "Could not leave the team", description: "Please try again." });
              }
            }}
          >
            <p>You'll no longer be able to act for the business. Its owner can invite you again.</p>
          </ConfirmDialog>
        </div>
      )}
      {invitations.length > 0 && (
        <ul aria-label={TeamCopy.invitationsTitle} className="mt-3 space-y-3">
          {invitations.map((invitation) => (
            <li
              key={invitation._id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
            >
              <p className="text-slate-800 dark:text-slate-100">{TeamCopy.notification(invitation.business.name)}</p>
              <div className="flex gap-2">
                <ActionButton
                  size="sm"
                  busyLabel="Accepting..."
                  onRun={async () => {
                    try {
                      await accept({ seatId: invitation._id });
                      toast({ title: `You joined ${invitation.business.name}'s team.`, variant: "success" });
                    } catch (error) {
                      reportError(error, { title: "Invitation not accepted", description: "Please try again." });
                    }
                  }}
                >
                  Accept<span className="sr-only"> invitation from {invitation.business.name}</span>
                </ActionButton>
                <ActionButton
                  size="sm"
                  variant="secondary"
                  busyLabel="Declining..."
                  onRun={async () => {
                    try {
                      await decline({ seatId: invitation._id });
                    } catch (error) {
                      reportError(error, { title: "Invitation not declined", description: "Please try again." });
                    }
                  }}
                >
                  Decline<span className="sr-only"> invitation from {invitation.business.name}</span>
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
