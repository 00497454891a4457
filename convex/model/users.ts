import { v } from "convex/values";
import { userType } from "../schema";

/** What the signed-in user learns about their own account. */
export const viewerValidator = v.object({
  _id: v.id("users"),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  userType: v.union(userType, v.null()),
  professions: v.array(v.string()),
  primaryProfession: v.union(v.string(), v.null()),
  professionalCategories: v.array(v.string()),
  emailVerified: v.boolean(),
  businessName: v.union(v.string(), v.null()),
  city: v.union(v.string(), v.null()),
  state: v.union(v.string(), v.null()),
  zipCode: v.union(v.string(), v.null()),
  isAdmin: v.boolean(),
  needsSetup: v.boolean(),
  availabilityStatus: v.union(v.literal("available"), v.literal("busy")),
  unreadMessages: v.number(),
  unreadNotifications: v.number(),
});
