// Spec §7: the landing pages' sign-up calls to action report a `signup_click`
// event (category user) labelled by audience.
import { track } from "@/lib/analytics";

export type SignupAudience = "homeowner_cta" | "professional_cta";

export function trackSignupClick(label: SignupAudience): void {
  track({ category: "user", action: "signup_click", label });
}
