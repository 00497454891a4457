// Display helpers for profiles (no React).
import { BUSINESS_SIZES, EXPERIENCE_LEVELS } from "@common/profile";
import { JOB_CATEGORIES, PROPERTY_TYPES, jobCategoryLabel } from "@common/jobCatalog";
import { professionLabel } from "@common/professions";

/** "Joined Mar 2026". */
export function joinedText(ms: number): string {
  return `Joined ${new Date(ms).toLocaleDateString("en-US", { month: "short", year: "numeric" })}`;
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The primary profession's label, or the user type ("Homeowner", "Professional"). */
export function roleText(user: { primaryProfession: string | null; userType: string | null }): string | null {
  if (user.primaryProfession) return professionLabel(user.primaryProfession);
  if (user.userType) return user.userType.charAt(0).toUpperCase() + user.userType.slice(1);
  return null;
}

export function placeText(user: { city: string | null; state: string | null }): string | null {
  return [user.city, user.state].filter(Boolean).join(", ") || null;
}

export const businessSizeLabel = (v: string) => BUSINESS_SIZES.find((s) => s.value === v)?.label ?? v;
export const experienceLevelLabel = (v: string) => EXPERIENCE_LEVELS.find((s) => s.value === v)?.label ?? v;
export const serviceCategoryLabel = (v: string) =>
  JOB_CATEGORIES.some((c) => c.value === v) ? jobCategoryLabel(v) : v;
export const propertyTypeLabel = (v: string) => PROPERTY_TYPES.find((p) => p.value === v)?.label ?? v;
