import { LandingPage } from "@/features/landing/LandingPage";

/** Landing B at /welcome. */
export default function LandingB() {
  return <LandingPage />;
}
