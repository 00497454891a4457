import { useSearchParams } from "react-router-dom";
import { USER_TYPES, type UserType } from "@common/account";
import { SignUpChoicePage } from "@/features/auth/SignUpChoicePage";
import { SignUpPage } from "@/features/auth/SignUpPage";

// /signup and /register (and /multi-profession-signup). Loaded with the sign-up form: the form's
// rules (zod, @common/auth) stay out of the landing page's first load.

function parseUserType(value: string | null): UserType | null {
  return USER_TYPES.find((type) => type === value) ?? null;
}

/** /signup: the choice cards, or the form when ?type= names an account type. */
export function SignUpRoute() {
  const [params] = useSearchParams();
  const type = parseUserType(params.get("type"));
  return type ? <SignUpPage defaultUserType={type} /> : <SignUpChoicePage />;
}

/** /register: the sign-up form; ?type= presets the account type. */
export function RegisterRoute({ fallback }: { fallback: UserType }) {
  const [params] = useSearchParams();
  return <SignUpPage defaultUserType={parseUserType(params.get("type")) ?? fallback} />;
}
