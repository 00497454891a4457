// POST /api/auth/login (spec §7): email and password in, `{ token }` out, through
// @convex-dev/auth's own sign-in action (lockout, rate limits and the security log
// apply as in the app). The token is the Bearer token of the other REST routes.
import { ConvexError } from "convex/values";
import { loginSchema } from "../../common/auth";
import { ErrorCode, type AppErrorData } from "../../common/errors";
import { api } from "../_generated/api";
import { readJsonObject, restError, type RestRoute } from "./rest";

/** Spec §8: the server's message or 'Login failed'. */
export const LOGIN_FAILED = "Login failed";

export const authRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/auth/login",
    handler: async ({ ctx, request }) => {
      const body = await readJsonObject(request);
      const parsed = loginSchema.safeParse({
        email: typeof body.email === "string" ? body.email : "",
        password: typeof body.password === "string" ? body.password : "",
      });
      if (!parsed.success) throw restError(ErrorCode.INVALID_INPUT, parsed.error.issues[0]!.message);
      let result;
      try {
        result = await ctx.runAction(api.auth.signIn, {
          provider: "password",
          params: { email: parsed.data.email, password: parsed.data.password, flow: "signIn" },
        });
      } catch (error) {
        const data = error instanceof ConvexError ? (error.data as Partial<AppErrorData> | undefined) : undefined;
        // A lockout or rate limit says when to try again; every other failure is the same 401.
        if (data?.code === ErrorCode.ACCOUNT_LOCKED || data?.code === ErrorCode.RATE_LIMITED) throw error;
        throw restError(ErrorCode.INVALID_CREDENTIALS, LOGIN_FAILED);
      }
      const token = result.tokens?.token;
      if (!token) throw restError(ErrorCode.INVALID_CREDENTIALS, LOGIN_FAILED);
      return { token };
    },
  },
];
