// Enterprise team seats (spec §6: "team seats: invite members who act for the business").
// The business is an Enterprise professional's account; its owner invites people by email, and an
// active member acts for the business from their own account: sees its quote requests, bids as the
// business and reads and replies in its message threads. Shared by the Team settings and the server.
// Plain TypeScript, no zod (the acting switch in the shell uses it): the form's schema is in ./teamInvite.ts.
import { ENTERPRISE_TEAM_SEATS } from "./plans";

/** A seat's life: invited, then active (accepted) or declined; an active seat is removed by the owner or left by the member. */
export const SEAT_STATES = ["invited", "active", "declined", "removed", "left"] as const;
export type SeatState = (typeof SEAT_STATES)[number];
/** States that hold one of the business's seats. */
export const LIVE_SEAT_STATES = ["invited", "active"] as const satisfies readonly SeatState[];

export const SEAT_STATE_LABELS: Record<SeatState, string> = {
  invited: "Invited",
  active: "Active",
  declined: "Declined",
  removed: "Removed",
  left: "Left",
};

export const TeamCopy = {
  title: "Team",
  summary: `Invite up to ${ENTERPRISE_TEAM_SEATS - 1} people to act for your business: they see its quote requests, bid as the business and answer its messages from their own accounts.`,
  seatsUsed: (used: number) => `${used} of ${ENTERPRISE_TEAM_SEATS} seats in use (you included)`,
  upgradeTitle: "Team seats come with Enterprise",
  upgrade:
    "Invite the people who work with you, so they can answer quote requests, bid and message owners for your business from their own accounts.",
  upgradeLink: "Upgrade to Enterprise",
  refused: "Team seats come with Enterprise. Upgrade to Enterprise to invite your team.",
  suspendedTitle: "Your team is paused",
  suspended:
    "Your plan is no longer Enterprise (or its payment is overdue), so your members can't act for your business. Their seats are kept: renew Enterprise and they can again.",
  memberSuspended: (business: string) =>
    `${business}'s team is paused: their plan is no longer Enterprise. You can't act for ${business} until they renew it.`,
  seatsFull: `All ${ENTERPRISE_TEAM_SEATS} seats are in use (you and ${ENTERPRISE_TEAM_SEATS - 1} members). Remove a member or cancel an invitation to invite someone else.`,
  alreadyInvited: "This person already has an invitation to your team.",
  alreadyMember: "This person is already on your team.",
  self: "You can't invite yourself: you own this team.",
  onAnotherTeam: "You're already on a team. Leave it before joining another.",
  ownerOfTeam: "You have a team of your own. Remove its members before joining another team.",
  notYourInvitation: "This invitation is for someone else.",
  notFound: "This invitation or seat no longer exists.",
  onlyOwner: "Only the business's owner can do this.",
  notMember: "You're not an active member of this business's team.",
  illegal: (state: SeatState, verb: string) => `A seat that is ${SEAT_STATE_LABELS[state].toLowerCase()} can't be ${verb}.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  notificationTitle: "Team invitation",
  notification: (business: string) => `${business} invited you to join their team on Rafter.`,
  acceptedTitle: "Invitation accepted",
  accepted: (member: string) => `${member} joined your team.`,
  declinedTitle: "Invitation declined",
  declined: (member: string) => `${member} declined your team invitation.`,
  leftTitle: "Member left your team",
  left: (member: string) => `${member} left your team.`,
  removedTitle: "Removed from a team",
  removed: (business: string) => `${business} removed you from their team.`,
  invitationsTitle: "Team invitations",
  verifyToAccept: "accept a team invitation",
  ownerOnly: (business: string) =>
    `Only ${business}'s owner can do this. Switch to acting as yourself, or ask the owner.`,
  actingAs: "Acting as",
  sentBy: (member: string) => `sent by ${member}`,
  placedBy: (member: string) => `placed by ${member}`,
} as const;
