import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

export const userType = v.union(v.literal("professional"), v.literal("homeowner"));
export const contactMethod = v.union(v.literal("email"), v.literal("phone"), v.literal("text"));
export const severity = v.union(v.literal("low"), v.literal("medium"), v.literal("high"), v.literal("critical"));

export default defineSchema({
  ...authTables,
  // @convex-dev/auth's users table, extended with the spec's profile fields.
  // Its `email` and `phone` indexes must keep their names.
  users: defineTable({
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),

    firstName: v.optional(v.string()),
    lastName: v.optional(v.string()),
    userType: v.optional(userType),
    professions: v.optional(v.array(v.string())),
    primaryProfession: v.optional(v.string()),
    professionalCategories: v.optional(v.array(v.string())),
    businessName: v.optional(v.string()),
    licenseNumber: v.optional(v.string()),
    preferredContactMethod: v.optional(contactMethod),
    city: v.optional(v.string()),
    state: v.optional(v.string()),
    zipCode: v.optional(v.string()),
    county: v.optional(v.string()),
    bio: v.optional(v.string()),
    role: v.optional(v.literal("admin")),
    termsAcceptedAt: v.optional(v.number()),
    /** Consecutive failed sign-ins since the last success (spec: loginAttempts). */
    loginAttempts: v.optional(v.number()),
    lockoutUntil: v.optional(v.number()),
    /** Demo data made by the seed script (never shown as real activity). */
    seeded: v.optional(v.boolean()),
  })
    .index("email", ["email"])
    .index("phone", ["phone"]),

  /** Fixed-window counters for rate limits; key = "<route>:<identifier>". */
  rateLimits: defineTable({
    key: v.string(),
    windowStart: v.number(),
    count: v.number(),
  }).index("by_key", ["key"]),

  securityLogs: defineTable({
    eventType: v.string(),
    userId: v.optional(v.id("users")),
    identifier: v.optional(v.string()),
    details: v.optional(v.string()),
    severity,
    timestamp: v.number(),
  })
    .index("by_timestamp", ["timestamp"])
    .index("by_userId_and_timestamp", ["userId", "timestamp"])
    .index("by_eventType_and_timestamp", ["eventType", "timestamp"]),

  /** Single-use links sent by email: password reset and email verification. Only the hash is stored. */
  emailTokens: defineTable({
    kind: v.union(v.literal("reset"), v.literal("verify")),
    userId: v.id("users"),
    tokenHash: v.string(),
    expiresAt: v.number(),
    usedAt: v.optional(v.number()),
  })
    .index("by_tokenHash", ["tokenHash"])
    .index("by_userId_and_kind", ["userId", "kind"]),

  /** Messages sent through the public contact form. */
  contactMessages: defineTable({
    name: v.string(),
    email: v.string(),
    subject: v.string(),
    message: v.string(),
    userId: v.optional(v.id("users")),
    status: v.union(v.literal("new"), v.literal("answered")),
  }),

  /** Time-limited promotions (e.g. the launch offer); a scheduled job ends each at its deadline. */
  promotions: defineTable({
    key: v.string(),
    title: v.string(),
    description: v.string(),
    endsAt: v.number(),
    active: v.boolean(),
  }).index("by_key", ["key"]),

  /** Local email transport: messages land here instead of being sent (EMAIL_TRANSPORT=outbox). */
  emailOutbox: defineTable({
    to: v.string(),
    subject: v.string(),
    text: v.string(),
    html: v.string(),
    kind: v.string(),
  }),
});
