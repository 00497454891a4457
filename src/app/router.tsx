import type { ReactNode } from "react";
import { Navigate, Outlet, Route, Routes, useSearchParams } from "react-router-dom";
import { USER_TYPES, type UserType } from "@common/auth";
import { ForgotPasswordPage } from "@/features/auth/ForgotPasswordPage";
import { LoginPage } from "@/features/auth/LoginPage";
import { ResetPasswordPage } from "@/features/auth/ResetPasswordPage";
import { SignUpChoicePage } from "@/features/auth/SignUpChoicePage";
import { SignUpPage } from "@/features/auth/SignUpPage";
import { VerifyEmailPage } from "@/features/auth/VerifyEmailPage";
import { CustomerDashboard } from "@/features/dashboard/CustomerDashboard";
import { ProfessionalDashboard } from "@/features/dashboard/ProfessionalDashboard";
import { OutboxPage } from "@/features/dev/OutboxPage";
import { NotFoundPage } from "@/features/errors/NotFoundPage";
import { LandingPage } from "@/features/landing/LandingPage";
import { ProfessionSetupPage } from "@/features/onboarding/ProfessionSetupPage";
import { LoadingScreen } from "./LoadingScreen";
import { useAuthRedirectHold, useSession } from "./session";
import { Shell } from "./Shell";

// Routes (spec §2). Signed-out: / /welcome /login /forgot-password /reset-password /register
// /signup /signup-choice /multi-profession-signup /verify-email. Signed-in: / /dashboard
// /verify-email /reset-password. /dev/outbox always. Anything else: the 404 page.

const AUTH_LOADING_MESSAGE = "Loading your account...";

function parseUserType(value: string | null): UserType | null {
  return USER_TYPES.find((type) => type === value) ?? null;
}

/** / and /dashboard: landing (signed out), profession setup, or the dashboard for the user type. */
function HomeRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedOut") return <LandingPage />;
  const { viewer } = session;
  if (viewer.needsSetup) return <ProfessionSetupPage viewer={viewer} />;
  if (viewer.userType === "professional" && params.get("view") !== "customer") {
    return <ProfessionalDashboard viewer={viewer} />;
  }
  return <CustomerDashboard viewer={viewer} />;
}

/** Pages for signed-out visitors; a signed-in user goes to /. */
function GuestOnly({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { authRedirectsHeld } = useAuthRedirectHold();
  // A login or sign-up in flight keeps its page (and what the user typed) on screen.
  if (authRedirectsHeld) return children ?? <Outlet />;
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedIn") return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** Pages for signed-in users; a signed-out visitor goes to /login. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === "loading") return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (session.status === "signedOut") return <Navigate to="/login" replace />;
  return children;
}

/** /signup: the choice cards, or the form when ?type= names an account type. */
function SignUpRoute() {
  const [params] = useSearchParams();
  const type = parseUserType(params.get("type"));
  return type ? <SignUpPage defaultUserType={type} /> : <SignUpChoicePage />;
}

/** /register: the sign-up form; ?type= presets the account type. */
function RegisterRoute({ fallback }: { fallback: UserType }) {
  const [params] = useSearchParams();
  return <SignUpPage defaultUserType={parseUserType(params.get("type")) ?? fallback} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<HomeRoute />} />
        <Route
          path="dashboard"
          element={
            <SignedInOnly>
              <HomeRoute />
            </SignedInOnly>
          }
        />
        <Route element={<GuestOnly />}>
          <Route path="welcome" element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="signup" element={<SignUpRoute />} />
          <Route path="signup-choice" element={<SignUpChoicePage />} />
          <Route path="register" element={<RegisterRoute fallback="professional" />} />
          <Route path="multi-profession-signup" element={<RegisterRoute fallback="professional" />} />
        </Route>
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="dev/outbox" element={<OutboxPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
