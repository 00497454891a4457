// Account rows of the REST API (spec §7): sign-in, registration, the caller's
// user, sign-out, account deletion, profession setup, forgot and reset password, and the external
// identity provider link. Each goes through the app's own functions (sign-up
// and sign-in through @convex-dev/auth's action, so rate limits, lockout and
// the security log apply as in the app); none touches the database itself.
import { ConvexError } from "convex/values";
import { z } from "zod";
import { deleteAccountSchema, forgotPasswordSchema, loginSchema, ResetCopy, signUpSchema } from "../../common/auth";
import { ErrorCode, Messages, type AppErrorData } from "../../common/errors";
import { categoryOfProfession, isProfession } from "../../common/professions";
import { api, internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { parseBody, placeOf, readJsonObject, requireSignedIn, restError, type RestRoute } from "./rest";

/** Spec §8: the server's message or 'Login failed'. */
export const LOGIN_FAILED = "Login failed";

/** The registration payload (spec §7) plus the confirmations the product requires (18+, Terms). */
export const registerBody = z.object({
  ...signUpSchema.shape,
  professions: z.array(z.string().max(60)).max(30).optional(),
  primaryProfession: z.string().max(60).optional(),
  /** "Austin, TX" or a ZIP code; city, state and zipCode win when also given. */
  location: z.string().trim().max(120).optional(),
});

export const updateProfileBody = z.object({
  professions: z.array(z.string().max(60)).min(1, "Please select at least one profession").max(30),
  primaryProfession: z.string().max(60).optional(),
  /** Derived from the professions; accepted for the spec's payload. */
  professionalCategories: z.array(z.string().max(60)).max(20).optional(),
  /** The spec's client sends the primary profession here; the account becomes a professional's. */
  userType: z.string().max(60).optional(),
});

export const resetPasswordBody = z.object({
  token: z.string().min(1, Messages.invalidResetToken).max(200),
  newPassword: z.string().max(128),
});

export const EXTERNAL_LOGIN_NOT_CONFIGURED =
  "Sign-in with an external identity provider is not set up on this deployment. Sign in with your email and password instead.";

const message = z.object({ message: z.string() });
/** The signed-in user as api.users.viewer returns it (main fields; more may follow). */
const viewerDoc = z.looseObject({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(["professional", "homeowner"]).nullable(),
  professions: z.array(z.string()),
  primaryProfession: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
});
const tokenAnswer = z.object({ token: z.string(), userId: z.string() });

/** The user id in one of our own access tokens (subject "userId|sessionId"). */
function userIdOfToken(token: string): Id<"users"> | null {
  try {
    const payload = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
    const sub = (JSON.parse(atob(payload)) as { sub?: unknown }).sub;
    return typeof sub === "string" ? (sub.split("|")[0] as Id<"users">) : null;
  } catch {
    return null;
  }
}

const appError = (error: unknown) =>
  error instanceof ConvexError ? (error.data as Partial<AppErrorData> | undefined) : undefined;

export const authRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/auth/login",
    doc: {
      summary: "Sign in with email and password; answers the bearer token of the other routes",
      auth: "none",
      body: loginSchema,
      answer: z.object({ token: z.string() }),
    },
    handler: async ({ ctx, request }) => {
      const body = await readJsonObject(request);
      const parsed = loginSchema.safeParse({
        email: typeof body.email === "string" ? body.email : "",
        password: typeof body.password === "string" ? body.password : "",
        ...(typeof body.deviceId === "string" ? { deviceId: body.deviceId } : {}),
      });
      if (!parsed.success) throw restError(ErrorCode.INVALID_INPUT, parsed.error.issues[0]!.message);
      let result;
      try {
        result = await ctx.runAction(api.auth.signIn, {
          provider: "password",
          params: {
            email: parsed.data.email,
            password: parsed.data.password,
            flow: "signIn",
            ...(parsed.data.deviceId ? { deviceId: parsed.data.deviceId } : {}),
          },
        });
      } catch (error) {
        const data = appError(error);
        // A lockout or rate limit says when to try again; every other failure is the same 401.
        if (data?.code === ErrorCode.ACCOUNT_LOCKED || data?.code === ErrorCode.RATE_LIMITED) throw error;
        throw restError(ErrorCode.INVALID_CREDENTIALS, LOGIN_FAILED);
      }
      const token = result.tokens?.token;
      if (!token) throw restError(ErrorCode.INVALID_CREDENTIALS, LOGIN_FAILED);
      return { token };
    },
  },
  {
    method: "POST",
    path: "/api/auth/register",
    status: 201,
    doc: {
      summary: "Create an account (18+ and the Terms confirmed); answers the bearer token",
      auth: "none",
      body: registerBody,
      answer: tokenAnswer,
    },
    handler: async ({ ctx, request }) => {
      const { professions, primaryProfession, location, ...values } = await parseBody(request, registerBody);
      if (location) {
        const place = placeOf(location);
        if (place === null) throw restError(ErrorCode.INVALID_INPUT, "location must be 'City, ST' or a 5-digit ZIP code");
        values.city ??= place.city;
        values.state ??= place.state;
        values.zipCode ??= place.zipCode;
      }
      const unknown = professions?.find((p) => !isProfession(p));
      if (unknown !== undefined) throw restError(ErrorCode.INVALID_INPUT, `Unknown profession: ${unknown}`);
      if (primaryProfession !== undefined && !(professions ?? []).includes(primaryProfession)) {
        throw restError(ErrorCode.INVALID_INPUT, "primaryProfession must be one of professions");
      }
      // A professional's categories follow from their professions when not given.
      const categories = new Set([...(values.professionalCategories ?? []), ...(professions ?? []).map((p) => categoryOfProfession(p)!)]);
      const params = {
        ...values,
        ...(categories.size > 0 ? { professionalCategories: [...categories] } : {}),
        flow: "signUp",
      };
      let result;
      try {
        result = await ctx.runAction(api.auth.signIn, { provider: "password", params });
      } catch (error) {
        if (appError(error)?.code) throw error;
        throw restError(ErrorCode.INVALID_INPUT, Messages.registrationFailed);
      }
      const token = result.tokens?.token;
      const userId = token ? userIdOfToken(token) : null;
      if (!token || userId === null) throw restError(ErrorCode.INVALID_INPUT, Messages.registrationFailed);
      if (values.userType === "professional" && professions && professions.length > 0) {
        await ctx.runMutation(internal.users.setProfessionsAtSignUp, {
          userId,
          professions,
          primaryProfession: primaryProfession ?? professions[0]!,
        });
      }
      return { token, userId };
    },
  },
  {
    method: "GET",
    path: "/api/auth/me",
    doc: { summary: "The signed-in user", auth: "bearer", answer: z.object({ user: viewerDoc }) },
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      const user = await ctx.runQuery(api.users.viewer, {});
      if (user === null) throw restError(ErrorCode.NOT_AUTHENTICATED, Messages.notAuthenticated);
      return { user };
    },
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    doc: { summary: "Sign out: the token's session ends and the token stops working", auth: "bearer", answer: message },
    handler: async ({ ctx }) => {
      await requireSignedIn(ctx);
      await ctx.runMutation(api.settings.signOut, {});
      return { message: "Signed out" };
    },
  },
  {
    method: "DELETE",
    path: "/api/auth/account",
    doc: {
      summary:
        "Delete the caller's account (the current password confirms it): every session ends, the account is hidden, and its data is purged after 30 days unless the member signs in again",
      auth: "bearer",
      body: deleteAccountSchema,
      answer: z.object({ message: z.string(), purgeAt: z.number() }),
    },
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await parseBody(request, deleteAccountSchema);
      const { purgeAt } = await ctx.runAction(api.accountDeletion.deleteAccount, body);
      return { message: "Account deleted", purgeAt };
    },
  },
  {
    method: "POST",
    path: "/api/auth/update-profile",
    doc: {
      summary: "Profession setup: professions and the primary one (categories follow from them)",
      auth: "bearer",
      body: updateProfileBody,
      answer: z.object({ user: viewerDoc }),
    },
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await parseBody(request, updateProfileBody);
      await ctx.runMutation(api.users.completeProfessionSetup, {
        professions: body.professions,
        primaryProfession: body.primaryProfession ?? body.professions[0]!,
      });
      return { user: await ctx.runQuery(api.users.viewer, {}) };
    },
  },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    doc: {
      summary: "Email a password reset link; the same answer whether or not the email has an account",
      auth: "none",
      body: forgotPasswordSchema,
      answer: message,
    },
    handler: async ({ ctx, request }) => {
      const body = await parseBody(request, forgotPasswordSchema);
      await ctx.runAction(api.passwords.requestReset, { email: body.email, ...(body.website ? { website: body.website } : {}) });
      return { message: ResetCopy.requested };
    },
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    doc: {
      summary: "Set a new password with the emailed token; every session of the account ends",
      auth: "none",
      body: resetPasswordBody,
      answer: message,
    },
    handler: async ({ ctx, request }) => {
      const body = await parseBody(request, resetPasswordBody);
      await ctx.runAction(api.passwords.resetPassword, body);
      return { message: ResetCopy.done };
    },
  },
  {
    method: "GET",
    path: "/api/login",
    doc: {
      summary: "Redirects to the external identity provider set in AUTH_EXTERNAL_LOGIN_URL; 404 when none is set",
      auth: "none",
      extraStatuses: { 302: "Redirect to the identity provider's sign-in page" },
    },
    handler: async () => {
      const target = process.env.AUTH_EXTERNAL_LOGIN_URL?.trim();
      let url: URL | null;
      try {
        url = target ? new URL(target) : null;
      } catch {
        url = null;
      }
      if (url === null || (url.protocol !== "https:" && url.protocol !== "http:")) {
        throw restError(ErrorCode.NOT_FOUND, EXTERNAL_LOGIN_NOT_CONFIGURED);
      }
      return new Response(null, { status: 302, headers: { Location: url.toString() } });
    },
  },
];
