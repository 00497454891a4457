// The current password asked again while signed in (settings.changePassword,
// accountDeletion.deleteAccount), limited like sign-in (accounts.ts
// beforePasswordCheck): a stolen session cannot guess its way to the password.
import { retrieveAccount } from "@convex-dev/auth/server";
import { SettingsCopy } from "../../common/auth";
import { ErrorCode, type AppErrorData } from "../../common/errors";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { fail, refuse } from "./errors";

/** Throws unless `password` is `userId`'s (its email's) current password; the refusal names `field`. */
export async function checkCurrentPassword(
  ctx: ActionCtx,
  userId: Id<"users">,
  email: string,
  password: string,
  field: string,
  what: string,
): Promise<void> {
  const ip = (await ctx.meta.getRequestMetadata().catch(() => null))?.ip ?? null;
  const refused: AppErrorData | null = await ctx.runMutation(internal.accounts.beforePasswordCheck, { userId, ip });
  if (refused) refuse(refused);
  let ok: boolean;
  try {
    const { user } = await retrieveAccount(ctx, { provider: "password", account: { id: email, secret: password } });
    ok = user._id === userId;
  } catch {
    ok = false;
  }
  if (!ok) {
    // Written by its own mutation before the throw, so the count survives the refusal.
    const locked: AppErrorData | null = await ctx.runMutation(internal.accounts.recordFailedPasswordCheck, { userId, ip, what });
    if (locked) refuse(locked);
    fail(ErrorCode.INVALID_CREDENTIALS, SettingsCopy.wrongCurrentPassword, { [field]: SettingsCopy.wrongCurrentPassword });
  }
  await ctx.runMutation(internal.accounts.passedPasswordCheck, { userId });
}
