// Enterprise team seats over REST: the caller's team and seat, inviting, and a seat's transitions
// (accept, decline by the invitee; remove by the owner; leave by the member). The same functions as
// Account → Team, with their checks (convex/model/teams.ts).
import { z } from "zod";
import { SEAT_STATES } from "../../common/teams";
import { teamInviteSchema } from "../../common/teamInvite";
import { ErrorCode } from "../../common/errors";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { idParam, readJsonObject, requireSignedIn, restError, stringField, type RestRoute } from "./rest";

const SEAT_ACTIONS = ["accept", "decline", "remove", "leave"] as const;
type SeatAction = (typeof SEAT_ACTIONS)[number];
const isSeatAction = (s: string | undefined): s is SeatAction => SEAT_ACTIONS.includes(s as SeatAction);

const seatView = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(SEAT_STATES),
  memberName: z.string().nullable(),
  invitedAt: z.number(),
});
const businessView = z.object({ id: z.string(), name: z.string() });

export const teamRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/team",
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      const [team, membership] = await Promise.all([
        ctx.runQuery(api.teams.team, {}),
        ctx.runQuery(api.teams.membership, {}),
      ]);
      return {
        team: team && {
          inForce: team.inForce,
          suspended: team.suspended,
          seatLimit: team.seatLimit,
          used: team.used,
          seats: team.seats.map(({ _id, ...s }) => ({ id: _id, ...s })),
        },
        seat: membership?.seat
          ? {
              id: membership.seat._id,
              business: { id: membership.seat.business._id, name: membership.seat.business.name },
              suspended: membership.seat.suspended,
            }
          : null,
        invitations: (membership?.invitations ?? []).map((i) => ({
          id: i._id,
          business: { id: i.business._id, name: i.business.name },
          invitedAt: i.invitedAt,
        })),
      };
    },
    doc: {
      summary: "The caller's team (Enterprise owners), their own seat on a team, and invitations waiting for them",
      auth: "bearer",
      answer: z.object({
        team: z
          .object({
            inForce: z.boolean(),
            suspended: z.boolean(),
            seatLimit: z.number(),
            used: z.number(),
            seats: z.array(seatView),
          })
          .nullable()
          .describe("null for homeowners"),
        seat: z.object({ id: z.string(), business: businessView, suspended: z.boolean() }).nullable(),
        invitations: z.array(z.object({ id: z.string(), business: businessView, invitedAt: z.number() })),
      }),
    },
  },
  {
    method: "POST",
    path: "/api/team/invitations",
    status: 201,
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const seatId = await ctx.runMutation(api.teams.invite, { email: stringField(body, "email") ?? "" });
      return { id: seatId, state: "invited" };
    },
    doc: {
      summary: "Invite someone to the caller's Enterprise team by email",
      auth: "bearer",
      body: teamInviteSchema,
      answer: z.object({ id: z.string(), state: z.literal("invited") }),
    },
  },
  {
    method: "POST",
    pathPrefix: "/api/team/seats/",
    handler: async ({ ctx, params }) => {
      await requireSignedIn(ctx);
      const [seatText, action] = params;
      if (params.length !== 2 || !isSeatAction(action)) throw restError(ErrorCode.NOT_FOUND, "Not found");
      const seatId = (await idParam(ctx, "teamSeats", seatText, "seat id")) as Id<"teamSeats">;
      await ctx.runMutation(api.teams[action], { seatId });
      const state = { accept: "active", decline: "declined", remove: "removed", leave: "left" }[action];
      return { id: seatId, state };
    },
    doc: {
      summary: "A seat's transition: accept or decline (the invitee), remove (the owner), leave (the member)",
      auth: "bearer",
      paths: SEAT_ACTIONS.map((a) => `/api/team/seats/{id}/${a}`),
      answer: z.object({ id: z.string(), state: z.enum(SEAT_STATES) }),
    },
  },
];
