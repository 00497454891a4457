// Enterprise team seats (spec §6). A business is an Enterprise professional's account; its owner
// invites people by email, and an active member acts for the business from their own account.
//
// Every function that lets a member act for a business goes through `actingFor` (or `actorOf`,
// which calls it): one check of an active seat and of the business's plan in force now. A
// downgrade keeps the seats but this check then refuses, so what members can do stops at once
// and starts again if Enterprise is renewed.
import { ErrorCode } from "../../common/errors";
import { isLiveStatus, teamSeatLimit } from "../../common/plans";
import { LIVE_SEAT_STATES, TeamCopy, type SeatState } from "../../common/teams";
import { normalizeEmail } from "../../common/account";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { sendEmail } from "../emails/send";
import { teamInviteEmail } from "../emails/templates";
import { fail, forbidden, invalid, notFound } from "./errors";
import { limitOrRefuse } from "./limits";
import { notify } from "./notifications";
import { siteUrl } from "./tokens";
import type { TransitionRule } from "./transitions";
import { displayName, fullName, isHiddenMember } from "./users";
import { requireVerifiedEmail } from "./verification";

export type Seat = Doc<"teamSeats">;
type Actor = "owner" | "invitee" | "member";

export const SEAT_TRANSITIONS = {
  accept: { from: ["invited"], to: "active", by: "invitee", verb: "accepted" },
  decline: { from: ["invited"], to: "declined", by: "invitee", verb: "declined" },
  /** The owner cancels an invitation or removes a member: either way the seat is free again. */
  remove: { from: ["invited", "active"], to: "removed", by: "owner", verb: "removed" },
  leave: { from: ["active"], to: "left", by: "member", verb: "left" },
} as const satisfies Record<string, TransitionRule<SeatState, Actor>>;
export type SeatTransition = keyof typeof SEAT_TRANSITIONS;


// ---------------------------------------------------------------------------
// The plan: the "plan allows" pair (like canBrand / assertCanBrand).

/**
 * A business's team is in force while its owner is a professional on Enterprise, active or in its
 * trial. Past due or any other plan pauses it (the seats are kept).
 */
export function canHaveTeam(user: Doc<"users">): boolean {
  const status = user.subscriptionStatus ?? null;
  return (
    user.userType === "professional" &&
    !isHiddenMember(user) &&
    teamSeatLimit(user.subscriptionTier ?? "basic") > 0 &&
    isLiveStatus(status) &&
    status !== "past_due"
  );
}

export function assertCanHaveTeam(user: Doc<"users">): void {
  if (!canHaveTeam(user)) fail(ErrorCode.FORBIDDEN, TeamCopy.refused);
}

// ---------------------------------------------------------------------------
// Reads.

/** The business's seats in live states (invited, active): at most the plan's seat count. */
export async function liveSeatsOf(ctx: QueryCtx, businessId: Id<"users">): Promise<Seat[]> {
  const rows: Seat[] = [];
  for (const state of LIVE_SEAT_STATES) {
    rows.push(
      ...(await ctx.db
        .query("teamSeats")
        .withIndex("by_businessId_and_state", (q) => q.eq("businessId", businessId).eq("state", state))
        .take(100)),
    );
  }
  return rows;
}

/** The member's active seat, if any (a member holds at most one). */
export async function activeSeatOf(ctx: QueryCtx, memberId: Id<"users">): Promise<Seat | null> {
  return await ctx.db
    .query("teamSeats")
    .withIndex("by_memberId_and_state", (q) => q.eq("memberId", memberId).eq("state", "active"))
    .first();
}

/** Invitations waiting for the member's answer. */
export async function invitationsOf(ctx: QueryCtx, memberId: Id<"users">): Promise<Seat[]> {
  return await ctx.db
    .query("teamSeats")
    .withIndex("by_memberId_and_state", (q) => q.eq("memberId", memberId).eq("state", "invited"))
    .take(20);
}

export interface ActingFor {
  business: Doc<"users">;
  member: Doc<"users">;
  seat: Seat;
}

/**
 * The one check before a member acts for a business: `member` holds an active seat of
 * `businessId`, and the business's team is in force now (Enterprise, active or trialing).
 */
export async function actingFor(ctx: QueryCtx, member: Doc<"users">, businessId: Id<"users">): Promise<ActingFor> {
  const seat = await activeSeatOf(ctx, member._id);
  if (seat === null || seat.businessId !== businessId) forbidden(TeamCopy.notMember);
  const business = await ctx.db.get("users", businessId);
  if (business === null || isHiddenMember(business)) forbidden(TeamCopy.notMember);
  if (!canHaveTeam(business)) forbidden(TeamCopy.memberSuspended(displayName(business)));
  return { business, member, seat };
}

/**
 * Who acts in a call that may be made for a business: the viewer themself, or (with `businessId`)
 * the business, checked by `actingFor`; `member` is set only when acting for a business.
 */
export async function actorOf(
  ctx: QueryCtx,
  viewer: Doc<"users">,
  businessId: Id<"users"> | undefined,
): Promise<{ actor: Doc<"users">; member: Doc<"users"> | null }> {
  if (businessId === undefined || businessId === viewer._id) return { actor: viewer, member: null };
  const { business } = await actingFor(ctx, viewer, businessId);
  return { actor: business, member: viewer };
}

// ---------------------------------------------------------------------------
// Transitions: who may run each, the state it leaves, and its one write.

function refusal(seat: Seat, name: SeatTransition, actor: Doc<"users">): string | null {
  const rule = SEAT_TRANSITIONS[name];
  if (rule.by === "owner" && seat.businessId !== actor._id) return TeamCopy.onlyOwner;
  if (rule.by !== "owner" && seat.memberId !== actor._id) return TeamCopy.notYourInvitation;
  return null;
}

async function move(ctx: MutationCtx, seat: Seat, name: SeatTransition, actor: Doc<"users">): Promise<void> {
  const problem = refusal(seat, name, actor);
  if (problem !== null) forbidden(problem);
  const rule = SEAT_TRANSITIONS[name];
  if (!(rule.from as readonly SeatState[]).includes(seat.state)) invalid(TeamCopy.illegal(seat.state, rule.verb));
  const now = Date.now();
  await ctx.db.patch("teamSeats", seat._id, {
    state: rule.to,
    updatedAt: now,
    ...(rule.to === "active" || rule.to === "declined" ? { respondedAt: now } : {}),
    ...(rule.to === "removed" || rule.to === "left" ? { endedAt: now } : {}),
  });
}

export async function getSeatX(ctx: QueryCtx, seatId: Id<"teamSeats">): Promise<Seat> {
  const seat = await ctx.db.get("teamSeats", seatId);
  if (seat === null) notFound(TeamCopy.notFound);
  return seat;
}

/** The owner invites an address: an account gets a notification (emailed per their settings), an unknown address an invitation email. */
export async function inviteToTeam(ctx: MutationCtx, owner: Doc<"users">, rawEmail: string): Promise<Id<"teamSeats">> {
  assertCanHaveTeam(owner);
  const email = normalizeEmail(rawEmail);
  if (owner.email !== undefined && normalizeEmail(owner.email) === email) invalid(TeamCopy.self, { email: TeamCopy.self });
  const live = await liveSeatsOf(ctx, owner._id);
  const same = live.find((s) => s.email === email);
  if (same) {
    const message = same.state === "active" ? TeamCopy.alreadyMember : TeamCopy.alreadyInvited;
    invalid(message, { email: message });
  }
  // The owner holds one of the plan's seats.
  if (live.length + 1 >= teamSeatLimit(owner.subscriptionTier ?? "basic")) invalid(TeamCopy.seatsFull);
  // Each invitation may email an address outside Rafter (teamInvites, model/rateLimit.ts).
  await limitOrRefuse(ctx, "teamInvites", owner._id, owner._id);

  const account = await ctx.db
    .query("users")
    .withIndex("email", (q) => q.eq("email", email))
    .first();
  const member = account !== null && !isHiddenMember(account) ? account : null;
  const now = Date.now();
  const seatId = await ctx.db.insert("teamSeats", {
    businessId: owner._id,
    ...(member ? { memberId: member._id } : {}),
    email,
    state: "invited",
    invitedBy: owner._id,
    invitedAt: now,
    updatedAt: now,
  });
  if (member) {
    await tellInvitee(ctx, owner, member._id);
  } else {
    await sendEmail(ctx, {
      to: email,
      ...teamInviteEmail(displayName(owner), `${siteUrl()}/signup?type=professional`),
      kind: "team_invitation",
    });
  }
  return seatId;
}

async function tellInvitee(ctx: MutationCtx, owner: Doc<"users">, memberId: Id<"users">) {
  await notify(ctx, {
    userId: memberId,
    type: "system",
    title: TeamCopy.notificationTitle,
    content: TeamCopy.notification(displayName(owner)),
    actionUrl: "/settings#team-invitations",
    actorId: owner._id,
    entityType: "user",
    entityId: owner._id,
  });
}

/** A new account takes the invitations sent to its address before it existed (sign-up). */
export async function matchInvitations(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  if (!user.email) return;
  const waiting = await ctx.db
    .query("teamSeats")
    .withIndex("by_email_and_state", (q) => q.eq("email", normalizeEmail(user.email!)).eq("state", "invited"))
    .take(20);
  for (const seat of waiting) {
    if (seat.memberId !== undefined) continue;
    await ctx.db.patch("teamSeats", seat._id, { memberId: user._id, updatedAt: Date.now() });
    const owner = await ctx.db.get("users", seat.businessId);
    if (owner !== null) await tellInvitee(ctx, owner, user._id);
  }
}

export async function acceptInvitation(ctx: MutationCtx, member: Doc<"users">, seat: Seat): Promise<void> {
  const problem = refusal(seat, "accept", member);
  if (problem !== null) forbidden(problem);
  // The invitation went to an address: the account accepting it proves it holds that address.
  requireVerifiedEmail(member, TeamCopy.verifyToAccept);
  if (seat.state === "invited") {
    if ((await activeSeatOf(ctx, member._id)) !== null) invalid(TeamCopy.onAnotherTeam);
    if ((await liveSeatsOf(ctx, member._id)).some((s) => s.state === "active")) invalid(TeamCopy.ownerOfTeam);
    const business = await ctx.db.get("users", seat.businessId);
    if (business === null || isHiddenMember(business)) notFound(TeamCopy.notFound);
    if (!canHaveTeam(business)) forbidden(TeamCopy.memberSuspended(displayName(business)));
  }
  await moveAndTellOwner(ctx, seat, "accept", member, TeamCopy.acceptedTitle, TeamCopy.accepted(fullName(member)));
}

export async function declineInvitation(ctx: MutationCtx, member: Doc<"users">, seat: Seat): Promise<void> {
  await moveAndTellOwner(ctx, seat, "decline", member, TeamCopy.declinedTitle, TeamCopy.declined(fullName(member)));
}

/** The owner removes a member or cancels an invitation; allowed on any plan, so a downgraded owner can tidy up. */
export async function removeSeat(ctx: MutationCtx, owner: Doc<"users">, seat: Seat): Promise<void> {
  const wasActive = seat.state === "active";
  await move(ctx, seat, "remove", owner);
  if (wasActive && seat.memberId !== undefined) {
    await notify(ctx, {
      userId: seat.memberId,
      type: "system",
      title: TeamCopy.removedTitle,
      content: TeamCopy.removed(displayName(owner)),
      actorId: owner._id,
    });
  }
}

export async function leaveTeam(ctx: MutationCtx, member: Doc<"users">, seat: Seat): Promise<void> {
  await moveAndTellOwner(ctx, seat, "leave", member, TeamCopy.leftTitle, TeamCopy.left(fullName(member)));
}

/** A member's own move on their seat, told to the business's owner in their Team settings. */
async function moveAndTellOwner(
  ctx: MutationCtx,
  seat: Seat,
  transition: "accept" | "decline" | "leave",
  member: Doc<"users">,
  title: string,
  content: string,
): Promise<void> {
  await move(ctx, seat, transition, member);
  await notify(ctx, { userId: seat.businessId, type: "system", title, content, actionUrl: "/settings#team", actorId: member._id });
}
