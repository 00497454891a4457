import { USER_TYPES, type UserType } from "@common/account";

/** The account type a sign-up link's ?type= names, if it names one. */
export function parseUserType(value: string | null): UserType | null {
  return USER_TYPES.find((type) => type === value) ?? null;
}
