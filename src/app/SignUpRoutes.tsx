import { lazy } from "react";
import { useSearchParams } from "react-router-dom";
import { SignUpChoicePage } from "@/features/auth/SignUpChoicePage";
import { parseUserType } from "./signUpType";

// /signup: the choice cards, which need none of the sign-up form's code; that loads only when a
// link's ?type= asks for the form (the same chunk as /register's).
const SignUpPage = lazy(() => import("@/features/auth/SignUpPage").then((m) => ({ default: m.SignUpPage })));

/** /signup: the choice cards, or the form when ?type= names an account type. */
export function SignUpRoute() {
  const [params] = useSearchParams();
  const type = parseUserType(params.get("type"));
  return type ? <SignUpPage defaultUserType={type} /> : <SignUpChoicePage />;
}
