// The only function builders public code uses (a lint rule forbids the raw
// ones elsewhere). Each resolves the viewer once, from the verified identity;
// no function takes a user id to decide who is acting. A token counts only
// while its session exists (model/sessions.ts): signing out, a password reset,
// a ban or account deletion end it at once.
import { customAction, customCtx, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import { makeFunctionReference } from "convex/server";
import type { Doc, Id } from "./_generated/dataModel";
import {
  action as rawAction,
  internalAction as rawInternalAction,
  internalMutation as rawInternalMutation,
  internalQuery as rawInternalQuery,
  mutation as rawMutation,
  query as rawQuery,
  type QueryCtx,
} from "./_generated/server";
import { sessionUser } from "./model/sessions";
import { forbidden, notSignedIn } from "./model/errors";

export type Viewer = Doc<"users">;

async function resolveViewer(ctx: QueryCtx) {
  const viewer = await sessionUser(ctx);
  return {
    viewer,
    viewerX(): Viewer {
      if (viewer === null) notSignedIn();
      return viewer;
    },
  };
}

function assertAdmin(viewer: Viewer | null): Viewer {
  if (viewer === null) notSignedIn();
  if (viewer.role !== "admin") forbidden();
  return viewer;
}

export const query = customQuery(rawQuery, customCtx(resolveViewer));
export const mutation = customMutation(rawMutation, customCtx(resolveViewer));
// Actions have no database: the session check runs as accounts:sessionViewerId
// (named here rather than imported from _generated/api, which imports this file).
const sessionViewerId = makeFunctionReference<"query", Record<string, never>, Id<"users"> | null>(
  "accounts:sessionViewerId",
);
export const action = customAction(
  rawAction,
  customCtx(async (ctx) => ({
    viewerId: (await ctx.auth.getUserIdentity()) === null ? null : await ctx.runQuery(sessionViewerId, {}),
  })),
);

export const adminQuery = customQuery(
  rawQuery,
  customCtx(async (ctx) => {
    const { viewer } = await resolveViewer(ctx);
    return { viewer: assertAdmin(viewer) };
  }),
);
export const adminMutation = customMutation(
  rawMutation,
  customCtx(async (ctx) => {
    const { viewer } = await resolveViewer(ctx);
    return { viewer: assertAdmin(viewer) };
  }),
);

// Internal functions are not callable by clients; they take ids from trusted callers.
export const internalQuery = rawInternalQuery;
export const internalMutation = rawInternalMutation;
export const internalAction = rawInternalAction;
