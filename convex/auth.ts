// @convex-dev/auth with our password provider: the library's account, session
// and token machinery, with Rafter's rules around it (12-character policy,
// lockout after 5 failures per email and source, rate limits, bot decoy,
// security log, the same answer and timing for unknown emails).
import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import { convexAuth, createAccount, retrieveAccount } from "@convex-dev/auth/server";
import { Scrypt } from "lucia";
import { EMAIL_MAX_LENGTH, normalizeEmail, PASSWORD_MAX_LENGTH, signUpSchema } from "../common/auth";
import { ErrorCode, Messages, type AppErrorData } from "../common/errors";
import { internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { fail, invalid, parseOrThrow, refuse } from "./model/errors";
import { randomToken, sha256Hex } from "./model/tokens";

type Params = Record<string, unknown>;
type Ctx = Parameters<Parameters<typeof ConvexCredentials<DataModel>>[0]["authorize"]>[1];

async function clientIp(ctx: Ctx): Promise<string | null> {
  const meta = (ctx as unknown as { meta?: { getRequestMetadata?: () => Promise<{ ip: string | null }> } }).meta;
  try {
    return (await meta?.getRequestMetadata?.())?.ip ?? null;
  } catch {
    return null;
  }
}

const refuseIf = (error: AppErrorData | null) => {
  if (error) refuse(error);
};

// An unknown email costs the same scrypt work as a wrong password, so the
// answer's timing does not tell whether an account exists.
let decoyHash: Promise<string> | null = null;
async function spendHashWork(password: string): Promise<void> {
  decoyHash ??= new Scrypt().hash(randomToken());
  await new Scrypt().verify(await decoyHash, password);
}

/**
 * The browser's device id (src/lib/deviceId.ts: random, kept in localStorage), hashed: a device
 * that signed in before is spared the per-account slowdown (accounts.ts). Anything else: none.
 */
async function deviceHashOf(params: Params): Promise<string | undefined> {
  const id = params.deviceId;
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(id)) return undefined;
  return await sha256Hex(`device:${id}`);
}

async function signIn(params: Params, ctx: Ctx) {
  const email = normalizeEmail(String(params.email ?? ""));
  const password = String(params.password ?? "");
  const ip = await clientIp(ctx);
  if (!email || !password || email.length > EMAIL_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    fail(ErrorCode.INVALID_CREDENTIALS, Messages.loginFailed);
  }
  const deviceHash = await deviceHashOf(params);
  refuseIf(
    await ctx.runMutation(internal.accounts.beforeSignIn, { email, ip, decoy: Boolean(params.website), deviceHash }),
  );
  let retrieved;
  try {
    retrieved = await retrieveAccount(ctx, { provider: "password", account: { id: email, secret: password } });
  } catch (e) {
    // InvalidAccountId and InvalidSecret look the same to the caller: no account enumeration.
    const reason = e instanceof Error ? e.message : "unknown";
    if (reason.includes("InvalidAccountId")) await spendHashWork(password);
    refuseIf(await ctx.runMutation(internal.accounts.recordFailedSignIn, { email, ip, reason }));
    throw e;
  }
  refuseIf(await ctx.runMutation(internal.accounts.recordSignIn, { userId: retrieved.user._id, ip, deviceHash }));
  return { userId: retrieved.user._id };
}

async function signUp(params: Params, ctx: Ctx) {
  const values = parseOrThrow(signUpSchema, { ...params, email: String(params.email ?? "") });
  const email = normalizeEmail(values.email);
  const ip = await clientIp(ctx);
  const refused = await ctx.runMutation(internal.accounts.beforeSignUp, { email, ip, decoy: Boolean(params.website) });
  // An email that already has an account costs the same password hashing as a new account
  // (createAccount's scrypt), so the answer's timing does not tell that the address is registered.
  if (refused?.message === Messages.signUpCheckEmail) await new Scrypt().hash(values.password);
  refuseIf(refused);
  const isPro = values.userType === "professional";
  // Whitelisted fields only: nothing from the client decides roles or flags.
  const profile = {
    email,
    name: `${values.firstName} ${values.lastName}`,
    firstName: values.firstName,
    lastName: values.lastName,
    userType: values.userType,
    ...(values.city ? { city: values.city } : {}),
    ...(values.state ? { state: values.state } : {}),
    ...(values.zipCode ? { zipCode: values.zipCode } : {}),
    ...(values.county ? { county: values.county } : {}),
    ...(values.phone ? { phone: values.phone } : {}),
    ...(isPro && values.businessName ? { businessName: values.businessName } : {}),
    ...(isPro && values.licenseNumber ? { licenseNumber: values.licenseNumber } : {}),
    ...(isPro ? { professionalCategories: values.professionalCategories ?? [], professions: [] } : {}),
    ...(!isPro ? { preferredContactMethod: values.preferredContactMethod ?? "email" } : {}),
  };
  const { user } = await createAccount(ctx, {
    provider: "password",
    account: { id: email, secret: values.password },
    profile: profile as never,
    shouldLinkViaEmail: false,
    shouldLinkViaPhone: false,
  });
  const token = randomToken();
  await ctx.runMutation(internal.accounts.afterSignUp, {
    userId: user._id,
    token,
    tokenHash: await sha256Hex(token),
    ip,
    deviceHash: await deviceHashOf(params),
  });
  return { userId: user._id };
}

const Password = ConvexCredentials<DataModel>({
  id: "password",
  authorize: async (params, ctx) => {
    if (params.flow === "signUp") return signUp(params, ctx);
    if (params.flow === "signIn") return signIn(params, ctx);
    invalid("Unsupported sign-in flow");
  },
  crypto: {
    hashSecret: async (password) => await new Scrypt().hash(password),
    verifySecret: async (password, hash) => await new Scrypt().verify(hash, password),
  },
});

export const {
  auth,
  signIn: authSignIn,
  signOut,
  store,
  isAuthenticated,
} = convexAuth({
  providers: [Password],
  // The library's own limit counts failed passwords per account from every source (10 an hour by
  // default): anyone could spend it and keep the owner out everywhere. Lockout here is per email
  // AND source (accounts.ts), with a per-IP limit; so the library's counter is never reached.
  signIn: { maxFailedAttempsPerHour: Number.MAX_SAFE_INTEGER },
});
// The client calls `auth:signIn` by name.
export { authSignIn as signIn };
