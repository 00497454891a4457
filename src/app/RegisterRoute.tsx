import { useSearchParams } from "react-router-dom";
import type { UserType } from "@common/account";
import { SignUpPage } from "@/features/auth/SignUpPage";
import { parseUserType } from "./signUpType";

// /register (and /multi-profession-signup): the sign-up form. Loaded with the form: the form's
// rules (zod, @common/auth) stay out of the landing page's first load.

/** /register: the sign-up form; ?type= presets the account type. */
export function RegisterRoute({ fallback }: { fallback: UserType }) {
  const [params] = useSearchParams();
  return <SignUpPage defaultUserType={parseUserType(params.get("type")) ?? fallback} />;
}
