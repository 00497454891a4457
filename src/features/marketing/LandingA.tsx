import { LandingPage } from "@/features/landing/LandingPage";

/** Landing A at / for signed-out visitors. */
export default function LandingA() {
  return <LandingPage />;
}
