import { authTables } from "@convex-dev/auth/server";
import { vWorkId } from "@convex-dev/workpool";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { JOB_STATUSES, PHOTO_STATUSES } from "../common/jobs";
import { GENERAL_TYPES, SOCIAL_TYPES } from "../common/notifications";
import { SCRAP_STATUSES } from "../common/scrap";
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from "../common/plans";
import { CREDENTIAL_KINDS, CREDENTIAL_STATES } from "../common/credentials";
import { PAYMENT_STATES } from "../common/payments";
import { LIKE_TYPES, MODERATION_STATUSES, SHARE_TYPES } from "../common/social";
import { SEAT_STATES } from "../common/teams";

export const userType = v.union(v.literal("professional"), v.literal("homeowner"));
export const contactMethod = v.union(v.literal("email"), v.literal("phone"), v.literal("text"));
export const jobStatus = v.union(...JOB_STATUSES.map((s) => v.literal(s)));
export const photoStatus = v.union(...PHOTO_STATUSES.map((s) => v.literal(s)));
export const bidStatus = v.union(
  v.literal("active"),
  v.literal("accepted"),
  v.literal("declined"),
  v.literal("withdrawn"),
);
export const availabilityStatus = v.union(v.literal("available"), v.literal("busy"));
export const notificationType = v.union(...[...GENERAL_TYPES, ...SOCIAL_TYPES].map((t) => v.literal(t)));
export const scrapStatus = v.union(...SCRAP_STATUSES.map((s) => v.literal(s)));
export const moderationStatus = v.union(...MODERATION_STATUSES.map((s) => v.literal(s)));
export const likeType = v.union(...LIKE_TYPES.map((t) => v.literal(t.value)));
export const paymentState = v.union(...PAYMENT_STATES.map((s) => v.literal(s)));
export const shareType = v.union(...SHARE_TYPES.map((t) => v.literal(t)));
export const planId = v.union(...PLAN_IDS.map((p) => v.literal(p)));
export const subscriptionStatus = v.union(...SUBSCRIPTION_STATUSES.map((s) => v.literal(s)));
export const severity = v.union(v.literal("low"), v.literal("medium"), v.literal("high"), v.literal("critical"));

export default defineSchema({
  ...authTables,
  // @convex-dev/auth's sessions (its `userId` index must keep its name), plus an index on the
  // expiry: the library never deletes an expired session, so a cron ends them (maintenance.ts)
  // and the session check stays a read, with no clock (model/sessions.ts).
  authSessions: defineTable({
    userId: v.id("users"),
    expirationTime: v.number(),
  })
    .index("userId", ["userId"])
    .index("expirationTime", ["expirationTime"]),
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
    /** When a password reset last lifted the sign-in lockouts: part of their rate-limit keys (accounts.ts). */
    lockoutsClearedAt: v.optional(v.number()),
    /** Demo data made by the seed script (never shown as real activity). */
    seeded: v.optional(v.boolean()),

    /** Miles a professional travels for work (spec default 25). */
    preferredRadius: v.optional(v.number()),
    availabilityStatus: v.optional(availabilityStatus),
    /** Average review rating (0 until the first review) and how many reviews it averages. */
    rating: v.optional(v.number()),
    reviewCount: v.optional(v.number()),
    verified: v.optional(v.boolean()),
    /** From zipCode (model/geo.ts), kept in step with it by model/professionals.ts. */
    lat: v.optional(v.number()),
    lng: v.optional(v.number()),
    geohash: v.optional(v.string()),
    /** Job counters kept in the same transaction as each job transition (model/jobs.ts). */
    jobsPostedActive: v.optional(v.number()),
    jobsPostedCompleted: v.optional(v.number()),
    jobsWorkingActive: v.optional(v.number()),
    jobsWorkingCompleted: v.optional(v.number()),
    /** Before the userCounters table: read only while a member has no userCounters row. */
    unreadNotifications: v.optional(v.number()),
    /** Scrap holds that ran out without a pickup (the listers' reliability hint, model/scrap.ts). */
    scrapMissedPickups: v.optional(v.number()),
    /** Before the userCounters table: read only while a member has no userCounters row. */
    unreadMessages: v.optional(v.number()),
    /** Email per notification kind: "email" now, "digest" daily, "off" (common/notifications.ts). */
    notificationPreferences: v.optional(v.record(v.string(), v.string())),

    // Profile (spec §3 User), edited on /edit-profile.
    specialties: v.optional(v.array(v.string())),
    yearsExperience: v.optional(v.number()),
    experienceLevel: v.optional(v.string()),
    serviceCategories: v.optional(v.array(v.string())),
    propertyTypes: v.optional(v.array(v.string())),
    languages: v.optional(v.array(v.string())),
    certifications: v.optional(v.array(v.string())),
    businessSize: v.optional(v.string()),
    /** An uploaded avatar in file storage (`image` then holds its URL). */
    imageStorageId: v.optional(v.id("_storage")),
    // Counters kept in the same transaction as the change (connections, follows, posts, referrals).
    connectionsCount: v.optional(v.number()),
    followersCount: v.optional(v.number()),
    followingCount: v.optional(v.number()),
    postsCount: v.optional(v.number()),
    referralPoints: v.optional(v.number()),
    /** Name, business, bio, professions and specialties, for the directory's search index. */
    directoryText: v.optional(v.string()),
    // Account deletion (model/accountDeletion.ts): when it was asked (cleared by a restoring sign-in or the
    // purge), the userType it hid, when a sign-in restored it (until the member dismisses the notice), and
    // when the purge left only an anonymous "Deleted member".
    // Subscription (spec §3), written only by the payments webhook (convex/payments/webhooks.ts).
    /** The plan in force: basic (the default) until a paid subscription is trialing or active. */
    subscriptionTier: v.optional(planId),
    subscriptionStatus: v.optional(subscriptionStatus),
    stripeCustomerId: v.optional(v.string()),
    stripeSubscriptionId: v.optional(v.string()),
    /** When a canceled subscription ends (cancellation takes effect at the period's end). */
    subscriptionEndsAt: v.optional(v.number()),
    /** The current billing period's (or trial's) end. */
    subscriptionPeriodEnd: v.optional(v.number()),
    trialEndsAt: v.optional(v.number()),
    /** The first paid plan had its free trial: later ones don't. */
    trialUsed: v.optional(v.boolean()),
    /** Stripe `created` (seconds) of the last subscription event applied: older ones arriving late are skipped. */
    subscriptionEventAt: v.optional(v.number()),
    deletedAt: v.optional(v.number()),
    deletedUserType: v.optional(userType),
    restoredAt: v.optional(v.number()),
    purgedAt: v.optional(v.number()),
    /** Pro Profile branding (convex/branding.ts): a cover image in file storage and its URL, an accent colour id (common/branding.ts). */
    coverImage: v.optional(v.string()),
    coverStorageId: v.optional(v.id("_storage")),
    accentColor: v.optional(v.string()),
    /** An admin's ban (admin/moderation.ts ban): sessions ended, sign-in refused, posts hidden. */
    bannedAt: v.optional(v.number()),
    banReason: v.optional(v.string()),
    /** Payouts (issue 15): the professional's Stripe Connect Express account, written by the account.updated webhook. */
    stripeConnectAccountId: v.optional(v.string()),
    payoutsEnabled: v.optional(v.boolean()),
    /** When payoutsEnabled was last learnt (seconds: an event's `created`, or a re-read): older news is skipped. */
    payoutsCheckedAt: v.optional(v.number()),
    /** The userType a ban (or a cleanup) moved aside so the directory indexes and profile skip them; back on unban. */
    bannedUserType: v.optional(userType),
  })
    .searchIndex("search_directory", { searchField: "directoryText", filterFields: ["userType", "state", "verified"] })
    .index("email", ["email"])
    .index("phone", ["phone"])
    .index("by_userType_and_geohash", ["userType", "geohash"])
    // Professional directory (convex/professionals.ts `search`): one index per place filter and per sort.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- "newest" lists need _creationTime order
    .index("by_userType", ["userType"])
    .index("by_userType_and_state_and_city", ["userType", "state", "city"])
    .index("by_userType_and_rating", ["userType", "rating"])
    .index("by_userType_and_verified_and_rating", ["userType", "verified", "rating"])
    .index("by_userType_and_lastName_and_firstName", ["userType", "lastName", "firstName"])
    .index("by_userType_and_primaryProfession", ["userType", "primaryProfession"])
    // The orphan sweep (convex/files.ts) keeps avatars attached before the files table existed.
    .index("by_imageStorageId", ["imageStorageId"])
    // The daily purge: members deleted over 30 days ago.
    .index("by_deletedAt", ["deletedAt"])
    // Payment webhooks name the customer.
    .index("by_stripeCustomerId", ["stripeCustomerId"])
    .index("by_stripeConnectAccountId", ["stripeConnectAccountId"])
    // Administrators (the scheduled cleanup's report notification).
    .index("by_role", ["role"]),

  jobs: defineTable({
    title: v.string(),
    description: v.string(),
    customerId: v.id("users"),
    contractorId: v.optional(v.id("users")),
    category: v.string(),
    subcategory: v.optional(v.string()),
    propertyType: v.string(),
    urgency: v.string(),
    /** Sort key: urgent 4 ... low/flexible 1. */
    urgencyRank: v.number(),
    skillLevel: v.string(),
    status: jobStatus,
    location: v.string(),
    city: v.optional(v.string()),
    state: v.optional(v.string()),
    zipCode: v.string(),
    county: v.optional(v.string()),
    lat: v.optional(v.number()),
    lng: v.optional(v.number()),
    geohash: v.optional(v.string()),
    deadline: v.optional(v.string()),
    budget: v.optional(v.string()),
    /** Sort key: the largest amount in `budget`, 0 when it has none ("TBD"). */
    budgetMax: v.number(),
    timeline: v.optional(v.string()),
    requirements: v.array(v.string()),
    photoRequired: v.boolean(),
    photographerId: v.optional(v.id("users")),
    photoStatus: photoStatus,
    source: v.union(v.literal("project"), v.literal("quote_request")),
    contactMethod: v.optional(contactMethod),
    contactInfo: v.optional(v.string()),
    activeBidCount: v.number(),
    /** Price of the accepted bid (its highest figure), counted in "This Month" when completed. */
    acceptedPrice: v.optional(v.number()),
    completionRequestedAt: v.optional(v.number()),
    completedAt: v.optional(v.number()),
    /** Title and description, for the search index. */
    searchText: v.string(),
    seeded: v.optional(v.boolean()),
    /** The owner is banned (model/jobs syncOwnerJobs): the job leaves the lists and takes no bids. */
    ownerHidden: v.optional(v.boolean()),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_status", ["status"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_category", ["category"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_status_and_category", ["status", "category"])
    .index("by_budgetMax", ["budgetMax"])
    .index("by_status_and_budgetMax", ["status", "budgetMax"])
    .index("by_category_and_budgetMax", ["category", "budgetMax"])
    .index("by_status_and_category_and_budgetMax", ["status", "category", "budgetMax"])
    .index("by_urgencyRank", ["urgencyRank"])
    .index("by_status_and_urgencyRank", ["status", "urgencyRank"])
    .index("by_category_and_urgencyRank", ["category", "urgencyRank"])
    .index("by_status_and_category_and_urgencyRank", ["status", "category", "urgencyRank"])
    .index("by_status_and_geohash", ["status", "geohash"])
    .index("by_customerId", ["customerId"])
    .index("by_contractorId_and_status", ["contractorId", "status"])
    .index("by_contractorId_and_completedAt", ["contractorId", "completedAt"])
    .index("by_photographerId", ["photographerId"])
    .index("by_photoStatus_and_geohash", ["photoStatus", "geohash"])
    // Public job search by place (GET /api/jobs/search): newest first within state (and city), per status.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_state_and_status", ["state", "status"])
    .index("by_state_and_status_and_category", ["state", "status", "category"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_state_and_city_and_status", ["state", "city", "status"])
    .index("by_state_and_city_and_status_and_category", ["state", "city", "status", "category"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["status", "category"] }),

  bids: defineTable({
    jobId: v.id("jobs"),
    professionalId: v.id("users"),
    priceMin: v.number(),
    priceMax: v.optional(v.number()),
    message: v.string(),
    earliestStart: v.string(),
    estimatedDuration: v.string(),
    status: bidStatus,
    respondedAt: v.optional(v.number()),
    updatedAt: v.number(),
    /** Set when the bid came through a backup-network referral. */
    referralId: v.optional(v.id("referrals")),
    /** A team member who placed it for the business (professionalId) (model/teams.ts). */
    placedBy: v.optional(v.id("users")),
  })
    .index("by_jobId_and_status", ["jobId", "status"])
    .index("by_professionalId_and_jobId", ["professionalId", "jobId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_professionalId", ["professionalId"]),

  /**
   * Lead insights (convex/model/insights.ts): one row per professional per UTC day, so the 30-day
   * figures are at most 30 rows read. The day's counts move in sharded counters (a popular
   * professional is counted by many members' pages at once) until the nightly settle folds them in.
   */
  proDailyStats: defineTable({
    proId: v.id("users"),
    /** "YYYY-MM-DD" (UTC). */
    day: v.string(),
    profileViews: v.number(),
    searchAppearances: v.number(),
    quoteRequests: v.number(),
    bidsPlaced: v.number(),
    bidsWon: v.number(),
    /** true: the counts above are the day's all; false or unset (rows from before): add the day's counters. */
    settled: v.optional(v.boolean()),
  })
    .index("by_proId_and_day", ["proId", "day"])
    .index("by_settled_and_day", ["settled", "day"]),

  /** Jobs per "status:category" ("all" for any), kept by model/jobs.ts so "Showing X of Y" never counts rows. */
  jobCounts: defineTable({ key: v.string(), count: v.number() }).index("by_key", ["key"]),

  savedJobs: defineTable({ userId: v.id("users"), jobId: v.id("jobs") }).index("by_userId_and_jobId", [
    "userId",
    "jobId",
  ]),

  /** The job's history: every transition and bid event, who did it and when. */
  jobEvents: defineTable({
    jobId: v.id("jobs"),
    actorId: v.id("users"),
    kind: v.string(),
    fromStatus: v.optional(jobStatus),
    toStatus: v.optional(jobStatus),
    detail: v.optional(v.string()),
  })
    .index("by_jobId", ["jobId"])
    .index("by_actorId", ["actorId"]),

  /**
   * Where each professional takes work: one row per job category they serve, at their
   * location with their radius, so routing reads only nearby rows of one category.
   */
  serviceAreas: defineTable({
    userId: v.id("users"),
    category: v.string(),
    geohash: v.string(),
    lat: v.number(),
    lng: v.number(),
    radiusMiles: v.number(),
    available: v.boolean(),
    /** Pro+ and Enterprise: routing's bounded priority placement (model/professionals.ts). */
    priority: v.optional(v.boolean()),
    /** Verified (users.verified): routing's bounded boost (common/credentials.ts VERIFIED_BOOST_MILES). */
    verified: v.optional(v.boolean()),
  })
    .index("by_category_and_geohash", ["category", "geohash"])
    .index("by_userId", ["userId"]),

  /**
   * One row per participant of a conversation (its "side"): the inbox is one indexed, paginated
   * read of the viewer's rows. Both rows change in the send transaction.
   */
  conversations: defineTable({
    /** The two user ids, sorted and joined by "|": the key of the thread's messages. */
    key: v.string(),
    userId: v.id("users"),
    otherUserId: v.id("users"),
    lastMessage: v.string(),
    lastSenderId: v.id("users"),
    lastMessageAt: v.number(),
    /** Messages from the other side this user has not read. */
    unread: v.number(),
    /** When this user last read the thread (the other side's "Seen"). */
    readAt: v.optional(v.number()),
  })
    .index("by_userId_and_lastMessageAt", ["userId", "lastMessageAt"])
    .index("by_userId_and_otherUserId", ["userId", "otherUserId"]),

  messages: defineTable({
    conversationKey: v.string(),
    senderId: v.id("users"),
    receiverId: v.id("users"),
    content: v.string(),
    read: v.boolean(),
    /** A team member who wrote it for the business (senderId) (model/teams.ts). */
    sentBy: v.optional(v.id("users")),
  }).index("by_conversationKey", ["conversationKey"]),

  /** "Is typing": one row per (conversation, user); readers compare `expiresAt` to now. */
  typing: defineTable({
    conversationKey: v.string(),
    userId: v.id("users"),
    expiresAt: v.number(),
    /** When the row's one scheduled cleanup runs (it reschedules itself while typing goes on). */
    cleanupAt: v.optional(v.number()),
  }).index("by_conversationKey_and_userId", ["conversationKey", "userId"]),

  /** A user who blocked another: the blocked one cannot message them. */
  blocks: defineTable({ blockerId: v.id("users"), blockedId: v.id("users") }).index("by_blockerId_and_blockedId", [
    "blockerId",
    "blockedId",
  ]),

  /** Professional network: one row per pair, reused by every request between the two (model/network.ts). */
  connections: defineTable({
    requesterId: v.id("users"),
    receiverId: v.id("users"),
    status: v.union(
      v.literal("pending"),
      v.literal("accepted"),
      v.literal("declined"),
      v.literal("cancelled"),
      v.literal("removed"),
    ),
    requestedAt: v.optional(v.number()),
    acceptedAt: v.optional(v.number()),
    /** When the request was declined or cancelled, or the connection removed. */
    endedAt: v.optional(v.number()),
  })
    .index("by_requesterId_and_receiverId", ["requesterId", "receiverId"])
    .index("by_requesterId_and_status", ["requesterId", "status"])
    .index("by_receiverId_and_status", ["receiverId", "status"]),

  /** A professional's backup network: trusted connections overflow work is shared with. */
  backupMembers: defineTable({ ownerId: v.id("users"), memberId: v.id("users") })
    .index("by_ownerId_and_memberId", ["ownerId", "memberId"])
    .index("by_memberId", ["memberId"]),

  /** A job shared by a busy professional with their backup network; `takenBy` bid on it through the referral. */
  referrals: defineTable({
    jobId: v.id("jobs"),
    referrerId: v.id("users"),
    status: v.union(v.literal("open"), v.literal("taken"), v.literal("completed"), v.literal("closed")),
    takenById: v.optional(v.id("users")),
    bidId: v.optional(v.id("bids")),
    sharedWith: v.number(),
    /** Completed while the referrer's email was unverified: the points wait for verification (model/verification.ts). */
    pointsDeferred: v.optional(v.literal(true)),
  })
    .index("by_jobId", ["jobId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- backup offers list a referrer's newest first
    .index("by_referrerId", ["referrerId"])
    .index("by_referrerId_and_pointsDeferred", ["referrerId", "pointsDeferred"]),

  /** Ledger of reputation points (referrals that ended in completed work). */
  reputationEvents: defineTable({
    userId: v.id("users"),
    points: v.number(),
    reason: v.string(),
    jobId: v.optional(v.id("jobs")),
    referralId: v.optional(v.id("referrals")),
  }).index("by_userId", ["userId"]),

  portfolioItems: defineTable({
    userId: v.id("users"),
    type: v.union(v.literal("image"), v.literal("video")),
    storageId: v.id("_storage"),
    title: v.string(),
    description: v.optional(v.string()),
    category: v.string(),
    location: v.optional(v.string()),
    dateCompleted: v.optional(v.string()),
    tags: v.array(v.string()),
    featured: v.boolean(),
    /** Pro Profile's gallery order (portfolio.reorder): lower first; unset after the arranged ones. */
    position: v.optional(v.number()),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_userId", ["userId"])
    .index("by_userId_and_category", ["userId", "category"])
    .index("by_storageId", ["storageId"]),

  /**
   * Client endorsements (convex/endorsements.ts): a Pro professional asks a client who hired them
   * (one per job); the client writes it; it shows on the profile while the plan has endorsements.
   */
  endorsements: defineTable({
    proId: v.id("users"),
    clientId: v.id("users"),
    jobId: v.id("jobs"),
    status: v.union(v.literal("requested"), v.literal("written")),
    text: v.optional(v.string()),
    writtenAt: v.optional(v.number()),
  })
    .index("by_jobId", ["jobId"])
    .index("by_proId_and_status", ["proId", "status"])
    .index("by_clientId_and_proId_and_status", ["clientId", "proId", "status"]),

  /** Reviews come only from the owner of a completed job: one per job. */
  reviews: defineTable({
    jobId: v.id("jobs"),
    reviewerId: v.id("users"),
    professionalId: v.id("users"),
    rating: v.number(),
    title: v.string(),
    content: v.string(),
    helpfulCount: v.number(),
    reply: v.optional(v.string()),
    repliedAt: v.optional(v.number()),
    /** Title and content, for the search index. */
    searchText: v.string(),
  })
    .index("by_jobId", ["jobId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_professionalId", ["professionalId"])
    .index("by_professionalId_and_rating", ["professionalId", "rating"])
    .index("by_rating", ["rating"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["rating", "professionalId"] }),

  reviewHelpful: defineTable({ reviewId: v.id("reviews"), userId: v.id("users") }).index("by_reviewId_and_userId", [
    "reviewId",
    "userId",
  ]),

  /**
   * A professional's credential (issue 16, model/credentials.ts): submitted -> approved | rejected,
   * approved -> expired (at expiresAt, by the scheduler); rejected or expired ones are re-submitted.
   * The document is private: served only through a checked, short-lived link (credentials.ts).
   */
  credentials: defineTable({
    userId: v.id("users"),
    kind: v.union(...CREDENTIAL_KINDS.map((k) => v.literal(k))),
    state: v.union(...CREDENTIAL_STATES.map((s) => v.literal(s))),
    // Licence
    trade: v.optional(v.string()),
    number: v.optional(v.string()),
    issuingState: v.optional(v.string()),
    // Insurance
    carrier: v.optional(v.string()),
    policyNumber: v.optional(v.string()),
    coverage: v.optional(v.string()),
    /** Licence and insurance: the last valid day (YYYY-MM-DD) and the instant it ends (UTC). */
    expiresOn: v.optional(v.string()),
    expiresAt: v.optional(v.number()),
    // Background check
    consent: v.optional(v.boolean()),
    documentId: v.id("_storage"),
    rejectionReason: v.optional(v.string()),
    reviewerId: v.optional(v.id("users")),
    reviewedAt: v.optional(v.number()),
    submittedAt: v.number(),
    /** The queue's order: submittedAt, a day earlier for Pro+ (common/credentials.ts EXPEDITED_REVIEW_MS). */
    queueAt: v.number(),
    /** The 30-day reminder went out for this approval. */
    reminded: v.boolean(),
  })
    .index("by_state_and_queueAt", ["state", "queueAt"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- a member's list is newest first (_creationTime order)
    .index("by_userId", ["userId"])
    .index("by_userId_and_state", ["userId", "state"])
    .index("by_state_and_expiresAt", ["state", "expiresAt"])
    .index("by_state_and_reminded_and_expiresAt", ["state", "reminded", "expiresAt"]),

  /** Short-lived links to a credential's document (credentials.ts openDocument): only a hash of the token is kept. */
  documentTickets: defineTable({
    tokenHash: v.string(),
    credentialId: v.id("credentials"),
    viewerId: v.id("users"),
    expiresAt: v.number(),
  })
    .index("by_tokenHash", ["tokenHash"])
    .index("by_expiresAt", ["expiresAt"]),

  /** Spec §3 Moderation report (reviews now; posts and comments with the feed). */
  /** Every admin action (model/audit.ts), written in the action's transaction; read-only to admins. */
  auditLog: defineTable({
    /** Unset when an operator acted (`npm run admin -- grant|revoke`) or the scheduler did (nightly cleanup): see `actor`. */
    adminId: v.optional(v.id("users")),
    /** Who acted when no admin did: "operator" or "scheduler". */
    actor: v.optional(v.string()),
    action: v.string(),
    targetTable: v.string(),
    targetId: v.string(),
    before: v.optional(v.any()),
    after: v.optional(v.any()),
    note: v.optional(v.string()),
    at: v.number(),
  })
    .index("by_at", ["at"])
    .index("by_targetTable_and_targetId", ["targetTable", "targetId"]),

  /**
   * Suspicious Users (issue 16): one row per member with a signal, kept as each signal is recorded
   * (model/suspicion.ts), so the list is one index range by score. `signals` counts each kind since
   * the last clear; `pattern` marks a test/fake/spam email or name (the cleanup rule's index).
   */
  suspects: defineTable({
    userId: v.id("users"),
    score: v.number(),
    signals: v.record(v.string(), v.number()),
    pattern: v.boolean(),
    /** The sign-up's source (client IP), recorded from issue 16 on: "many accounts from one source". */
    source: v.optional(v.string()),
    clearedAt: v.optional(v.number()),
    lastSignalAt: v.number(),
  })
    .index("by_userId", ["userId"])
    .index("by_score", ["score"])
    .index("by_pattern", ["pattern"])
    .index("by_source", ["source"]),

  /** A cleanup (the admin's, or the nightly one): what it removed, restorable until `purgeAt`. */
  cleanupRuns: defineTable({
    kind: v.union(v.literal("manual"), v.literal("scheduled")),
    adminId: v.optional(v.id("users")),
    startedAt: v.number(),
    finishedAt: v.optional(v.number()),
    deletedUsers: v.number(),
    deletedPosts: v.number(),
    restored: v.number(),
    purgeAt: v.number(),
    purged: v.boolean(),
  }).index("by_purged_and_purgeAt", ["purged", "purgeAt"]),

  /** One member or post a cleanup removed (soft): restorable until the run's purge. */
  cleanupItems: defineTable({
    runId: v.id("cleanupRuns"),
    kind: v.union(v.literal("user"), v.literal("post")),
    userId: v.optional(v.id("users")),
    postId: v.optional(v.id("posts")),
    /** What the admin reads: the member's name and email, or the post's preview. */
    label: v.string(),
    why: v.string(),
    /** A post's moderation status before (restore puts it back). */
    previousStatus: v.optional(moderationStatus),
    state: v.union(v.literal("removed"), v.literal("restored"), v.literal("purged")),
  })
    .index("by_runId_and_state", ["runId", "state"])
    .index("by_userId", ["userId"]),

  /**
   * Devices that signed in to an account (issue 29): a random id the browser keeps, stored hashed.
   * The per-account sign-in slowdown (accounts.ts) spares them. At most KNOWN_DEVICES per member.
   */
  knownDevices: defineTable({
    userId: v.id("users"),
    deviceHash: v.string(),
    lastSignInAt: v.number(),
  }).index("by_userId_and_deviceHash", ["userId", "deviceHash"]),

  moderationReports: defineTable({
    reporterId: v.id("users"),
    reviewId: v.optional(v.id("reviews")),
    postId: v.optional(v.id("posts")),
    commentId: v.optional(v.id("comments")),
    reason: v.union(
      ...["inappropriate", "spam", "off_topic", "harassment", "copyright", "other"].map((r) => v.literal(r)),
    ),
    description: v.optional(v.string()),
    status: v.union(v.literal("pending"), v.literal("reviewed"), v.literal("resolved"), v.literal("dismissed")),
    moderatorId: v.optional(v.id("users")),
    moderatorNotes: v.optional(v.string()),
    /** Whose content was reported: one reporter raises an author's suspicion once (model/moderation.ts fileReport). */
    authorId: v.optional(v.id("users")),
  })
    .index("by_status", ["status"])
    .index("by_authorId_and_reporterId", ["authorId", "reporterId"])
    .index("by_reviewId_and_reporterId", ["reviewId", "reporterId"])
    .index("by_postId_and_reporterId", ["postId", "reporterId"])
    .index("by_commentId_and_reporterId", ["commentId", "reporterId"]),

  /**
   * A member's unread counts (the nav badges), kept off their users row: every signed-in query
   * reads that row, so a count moving on it re-ran all of the member's subscriptions with each
   * message or notification. Written only through model/counters.ts adjustUserCounts.
   */
  userCounters: defineTable({
    userId: v.id("users"),
    unreadMessages: v.number(),
    unreadNotifications: v.number(),
  }).index("by_userId", ["userId"]),

  /** General (message, job, connection, review, system) and social notifications (spec §3). */
  notifications: defineTable({
    userId: v.id("users"),
    type: notificationType,
    title: v.string(),
    content: v.string(),
    actionUrl: v.optional(v.string()),
    actorId: v.optional(v.id("users")),
    entityType: v.optional(v.string()),
    entityId: v.optional(v.string()),
    read: v.boolean(),
    /** Set while the notification waits for the user's daily email digest. */
    digestPending: v.optional(v.boolean()),
    /** Likes collapsed into this unread notification: "Ana and 4 others liked your post" has 5. */
    actorCount: v.optional(v.number()),
    /** Before likesSince: who those collapsed likes were from (read only to carry an old notification on). */
    actorIds: v.optional(v.array(v.id("users"))),
    /**
     * A like notification counts the item's likes made since this time (sharded counter
     * `likeNotice:<id>`); actorCount and the title are copies refreshed by social/counts:refreshLikeNotice.
     */
    likesSince: v.optional(v.number()),
    /** A refresh of the copies is scheduled: likes meanwhile write nothing here. */
    refreshPending: v.optional(v.boolean()),
  })
    .index("by_digestPending_and_userId", ["digestPending", "userId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_userId", ["userId"])
    .index("by_userId_and_read", ["userId", "read"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists of one type need _creationTime order
    .index("by_userId_and_type", ["userId", "type"])
    // The unread notification of one kind from one member (one per sender for messages): a point read.
    .index("by_userId_and_type_and_actorId_and_read", ["userId", "type", "actorId", "read"]),

  /**
   * A photo the booked photographer uploaded to a job's photo request (convex/model/jobPhotos.ts):
   * at most JOB_PHOTO_LIMITS.photos per job; the owner and the hired professional see them once delivered.
   */
  jobPhotos: defineTable({
    jobId: v.id("jobs"),
    storageId: v.id("_storage"),
    photographerId: v.id("users"),
    createdAt: v.number(),
  })
    .index("by_jobId", ["jobId"])
    .index("by_photographerId", ["photographerId"]),

  /**
   * Who uploaded each stored file, for what, and which row holds it (convex/model/files.ts).
   * Written by the first mutation that attaches the file (claimFile); an upload
   * never claimed within 24 hours is deleted by the orphan sweep.
   */
  files: defineTable({
    storageId: v.id("_storage"),
    uploaderId: v.id("users"),
    /** What it is for: "avatar", "portfolio", ... (FILE_PURPOSES). */
    purpose: v.string(),
    /** The id of the row that holds it (a user for an avatar, a portfolio item, ...). */
    attachedTo: v.optional(v.string()),
    size: v.number(),
    contentType: v.string(),
    createdAt: v.number(),
  })
    .index("by_storageId", ["storageId"])
    .index("by_uploaderId_and_createdAt", ["uploaderId", "createdAt"])
    .index("by_attachedTo", ["attachedTo"]),

  /**
   * One per upload URL handed out and not yet used by a claim: it reserves the purpose's largest
   * file against the member's byte quota, since the bytes reach storage before anyone knows whose
   * they are (convex/files.ts). A claim consumes the oldest; the rest age out of the quota's day.
   */
  uploadGrants: defineTable({
    userId: v.id("users"),
    purpose: v.string(),
    bytes: v.number(),
    createdAt: v.number(),
  }).index("by_userId_and_createdAt", ["userId", "createdAt"]),

  /** Where the orphan sweep resumes: every file created up to `until` was claimed or deleted. */
  orphanSweep: defineTable({ until: v.number() }),

  // ---- Community feed (spec §3 Post, Comment, Like, Follow, Share, Hashtag) ----

  /**
   * A post. `visible` is what every reader but the author goes through: public, screened
   * fine (not flagged or rejected) and by a member who isn't deleted or banned; the author
   * reads their own through by_authorId. Counts are kept in the transaction of each change.
   */
  posts: defineTable({
    authorId: v.id("users"),
    content: v.string(),
    postType: v.string(),
    category: v.string(),
    /** Photos and videos in file storage, in the author's order (each claimed in `files`). */
    media: v.array(v.object({ storageId: v.id("_storage"), kind: v.union(v.literal("image"), v.literal("video")) })),
    /** From #words in content, lower-cased, re-derived on every edit. */
    hashtags: v.array(v.string()),
    /** Members mentioned (their @Name still in the content). */
    mentions: v.array(v.id("users")),
    /** Members already told of a mention here: an edit tells only others (unset on older rows: `mentions`). */
    mentionsTold: v.optional(v.array(v.id("users"))),
    location: v.optional(v.string()),
    projectBudget: v.optional(v.string()),
    isPublic: v.boolean(),
    moderationStatus,
    /** 0-1: how sure the automatic screen is that the post is fine. */
    moderationConfidence: v.number(),
    /** Why the screen held it (shown to the author and to admins). */
    moderationFlags: v.array(v.string()),
    visible: v.boolean(),
    likesCount: v.number(),
    commentsCount: v.number(),
    sharesCount: v.number(),
    /** A repost: the original post, embedded when shown; `content` is the sharer's comment. */
    repostOfId: v.optional(v.id("posts")),
    editedAt: v.optional(v.number()),
    /** Content, hashtags, category and type words, for the search index. */
    searchText: v.string(),
    seeded: v.optional(v.boolean()),
  })
    // Latest: newest first, optionally one category or type (or both).
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_visible", ["visible"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_visible_and_category", ["visible", "category"])
    .index("by_visible_and_postType", ["visible", "postType"])
    .index("by_visible_and_category_and_postType", ["visible", "category", "postType"])
    // A member's posts (their own, flagged included) and what others see of them.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- newest-first lists need _creationTime order
    .index("by_authorId", ["authorId"])
    .index("by_authorId_and_visible", ["authorId", "visible"])
    .index("by_repostOfId", ["repostOfId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the flagged list newest first
    .index("by_moderationStatus", ["moderationStatus"])
    // Cleanup (issue 16): flagged posts screened at or under 50 % confidence, one index range.
    .index("by_moderationStatus_and_moderationConfidence", ["moderationStatus", "moderationConfidence"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["visible", "category", "postType"] }),

  /** One row per (post, tag), so /feed?tag=x is one index range, newest first. */
  postHashtags: defineTable({
    tag: v.string(),
    postId: v.id("posts"),
    visible: v.boolean(),
    postCreatedAt: v.number(),
  })
    .index("by_tag_and_visible_and_postCreatedAt", ["tag", "visible", "postCreatedAt"])
    .index("by_postId", ["postId"]),

  /**
   * Spec §3 Hashtag: name unique. Posts carrying it now: model/posts.ts tagUsage, the sharded counter
   * `tag:<name>` plus usageCount (the count kept here before the counter; 0 on rows since).
   */
  hashtags: defineTable({
    name: v.string(),
    usageCount: v.number(),
    category: v.optional(v.string()),
    isPromoted: v.optional(v.boolean()),
    lastUsedAt: v.number(),
  }).index("by_name", ["name"]),

  /**
   * Uses of a tag per day (days since the epoch, UTC): trending reads the top of the last 7 days.
   * The count is a copy of the sharded counter `tagDay:<tag>:<day>`, refreshed by
   * social/counts:syncTagDay at most every few seconds (many members use one tag at once).
   */
  hashtagDays: defineTable({
    tag: v.string(),
    day: v.number(),
    count: v.number(),
    /** The counter's value at the last copy (unset: 0), so a count kept before the counter stays. */
    synced: v.optional(v.number()),
    /** A copy is scheduled: uses meanwhile write nothing here. */
    syncPending: v.optional(v.boolean()),
  })
    .index("by_day_and_count", ["day", "count"])
    .index("by_tag_and_day", ["tag", "day"]),

  /**
   * The Following tab, written on post (fan-out to the author's followers and connections)
   * and on follow/connect (the followee's recent posts): one indexed page per reader.
   */
  feedEntries: defineTable({
    viewerId: v.id("users"),
    postId: v.id("posts"),
    authorId: v.id("users"),
    postCreatedAt: v.number(),
  })
    .index("by_viewerId_and_postCreatedAt", ["viewerId", "postCreatedAt"])
    .index("by_viewerId_and_authorId", ["viewerId", "authorId"])
    .index("by_viewerId_and_postId", ["viewerId", "postId"])
    .index("by_postId", ["postId"]),

  /**
   * A post's fan-out into its readers' Following tabs (model/timeline.ts startFanOut), a page of
   * readers per work item in the fan-out pool: how far it got, and when it finished.
   */
  fanOuts: defineTable({
    postId: v.id("posts"),
    /** Pages done so far (each at most TIMELINE_BATCH readers). */
    pages: v.number(),
    readers: v.number(),
    startedAt: v.number(),
    doneAt: v.optional(v.number()),
    /** A page that threw: the fan-out stopped there. */
    error: v.optional(v.string()),
  }).index("by_postId", ["postId"]),

  /** Spec §3 Comment: one level of replies (parentCommentId). */
  comments: defineTable({
    postId: v.id("posts"),
    authorId: v.id("users"),
    content: v.string(),
    parentCommentId: v.optional(v.id("comments")),
    mentions: v.array(v.id("users")),
    /** Members already told of a mention here: an edit tells only others (unset on older rows: `mentions`). */
    mentionsTold: v.optional(v.array(v.id("users"))),
    likesCount: v.number(),
    repliesCount: v.number(),
    moderationStatus,
    moderationConfidence: v.number(),
    moderationFlags: v.array(v.string()),
    visible: v.boolean(),
    editedAt: v.optional(v.number()),
    seeded: v.optional(v.boolean()),
  })
    // Top-level comments (parentCommentId unset) or one comment's replies, oldest first.
    .index("by_postId_and_parentCommentId", ["postId", "parentCommentId"])
    .index("by_authorId", ["authorId"]),

  /** Spec §3 Like: one per member per post or comment. */
  likes: defineTable({
    userId: v.id("users"),
    postId: v.optional(v.id("posts")),
    commentId: v.optional(v.id("comments")),
    likeType,
  })
    .index("by_userId_and_postId", ["userId", "postId"])
    .index("by_userId_and_commentId", ["userId", "commentId"])
    .index("by_postId", ["postId"])
    .index("by_commentId", ["commentId"]),

  /** Spec §3 Share; a repost also makes a post (repostId) that embeds the original. */
  shares: defineTable({
    userId: v.id("users"),
    postId: v.id("posts"),
    shareType,
    comment: v.optional(v.string()),
    repostId: v.optional(v.id("posts")),
  })
    .index("by_postId", ["postId"])
    .index("by_userId_and_postId", ["userId", "postId"]),

  /** Spec §3 Follow (a row exists while active): anyone may follow any member. */
  follows: defineTable({ followerId: v.id("users"), followingId: v.id("users") })
    .index("by_followerId_and_followingId", ["followerId", "followingId"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the following list newest first
    .index("by_followerId", ["followerId"])
    // Followers newest first; the post fan-out pages through it.
    .index("by_followingId", ["followingId"]),

  /** Payment webhook events already applied (by Stripe event id): a replay is applied once. */
  paymentEvents: defineTable({ eventId: v.string(), type: v.string(), receivedAt: v.number() }).index("by_eventId", [
    "eventId",
  ]),

  /**
   * The local payments gateway's own records (convex/payments/local.ts), standing in for Stripe's
   * when STRIPE_SECRET_KEY is unset: checkout and portal sessions, and subscriptions.
   */
  localPaymentSessions: defineTable({
    kind: v.union(v.literal("checkout"), v.literal("portal"), v.literal("payment"), v.literal("onboarding")),
    /** A job payment's checkout (kind "payment"): which payment, how much, for what. */
    paymentId: v.optional(v.string()),
    amountCents: v.optional(v.number()),
    description: v.optional(v.string()),
    transferGroup: v.optional(v.string()),
    /** A payout onboarding (kind "onboarding"): the connected account. */
    accountId: v.optional(v.string()),
    userId: v.id("users"),
    customerId: v.string(),
    planId: v.optional(planId),
    trialDays: v.optional(v.number()),
    status: v.union(v.literal("open"), v.literal("complete"), v.literal("canceled")),
    successUrl: v.optional(v.string()),
    cancelUrl: v.optional(v.string()),
    returnUrl: v.optional(v.string()),
    expiresAt: v.number(),
  }),
  localSubscriptions: defineTable({
    subscriptionId: v.string(),
    customerId: v.string(),
    userId: v.id("users"),
    /** The plan of the item's price, which a portal switch changes. */
    planId,
    /** The plan the checkout wrote into the subscription's metadata, which nothing changes after. */
    checkoutPlanId: v.optional(planId),
    status: subscriptionStatus,
    currentPeriodEnd: v.number(),
    trialEnd: v.optional(v.number()),
    cancelAtPeriodEnd: v.boolean(),
    endedAt: v.optional(v.number()),
    /** The card on file is Stripe's "charges fail" test card: the next charge fails. */
    cardFails: v.optional(v.boolean()),
  })
    .index("by_subscriptionId", ["subscriptionId"])
    .index("by_customerId", ["customerId"]),

  /** The local gateway's money moves (transfers, refunds, reversals), keyed by idempotency key as Stripe keys them. */
  localMoneyMoves: defineTable({
    idempotencyKey: v.string(),
    kind: v.union(
      v.literal("transfer"),
      v.literal("refund"),
      v.literal("reversal"),
      v.literal("account"),
      v.literal("dispute"),
    ),
    objectId: v.string(),
    amountCents: v.number(),
    reference: v.optional(v.string()),
    payoutsEnabled: v.optional(v.boolean()),
    /** A transfer's group, as Stripe lists transfers by it. */
    transferGroup: v.optional(v.string()),
    /** The metadata our key is sent under (gateway.ts MOVE_KEY_METADATA), matched by findMove. */
    moveKey: v.optional(v.string()),
    /** When the request was made: its idempotency key answers for 24 hours, as Stripe's does. */
    createdAt: v.optional(v.number()),
    /** A dispute's status (kind "dispute", reference = the disputed payment intent): refunds are refused while open or lost. */
    disputeStatus: v.optional(v.union(v.literal("needs_response"), v.literal("won"), v.literal("lost"))),
  })
    .index("by_idempotencyKey", ["idempotencyKey"])
    .index("by_objectId", ["objectId"])
    .index("by_transferGroup", ["transferGroup"])
    .index("by_reference", ["reference"])
    .index("by_kind_and_reference", ["kind", "reference"]),

  /**
   * Payment protection for a hired job (issue 15, payments/model/payments.ts): the amount fixed at acceptance,
   * held on the platform once funded, released to the professional or refunded. Integer cents.
   */
  jobPayments: defineTable({
    jobId: v.id("jobs"),
    bidId: v.id("bids"),
    ownerId: v.id("users"),
    proId: v.id("users"),
    state: paymentState,
    amountCents: v.number(),
    fundedCents: v.number(),
    releasedCents: v.number(),
    refundedCents: v.number(),
    /** Bumped by every transition: a scheduled firing that names an older version does nothing. */
    version: v.number(),
    changesRequested: v.number(),
    reviewWindowEndsAt: v.optional(v.number()),
    fundedAt: v.optional(v.number()),
    releasedAt: v.optional(v.number()),
    refundedAt: v.optional(v.number()),
    completion: v.optional(
      v.object({
        submittedAt: v.number(),
        checklist: v.array(v.string()),
        note: v.optional(v.string()),
        photoIds: v.array(v.id("_storage")),
      }),
    ),
    /** The last "ask for changes" reason. */
    changesReason: v.optional(v.string()),
    dispute: v.optional(
      v.object({
        openedAt: v.number(),
        openedBy: v.union(v.literal("owner"), v.literal("pro"), v.literal("chargeback")),
        reason: v.string(),
        evidence: v.optional(v.string()),
        photoIds: v.array(v.id("_storage")),
        /** The state it was opened from (a chargeback won returns the money to it). */
        fromState: paymentState,
        resolution: v.optional(v.string()),
        resolvedAt: v.optional(v.number()),
      }),
    ),
    checkoutSessionId: v.optional(v.string()),
    paymentIntentId: v.optional(v.string()),
    chargeId: v.optional(v.string()),
    transferId: v.optional(v.string()),
    refundId: v.optional(v.string()),
    /** A range bid hired without a chosen price: the pro confirms a final quote in it (amountCents is 0 until then). */
    quote: v.optional(v.object({ minCents: v.number(), maxCents: v.number(), confirmedAt: v.optional(v.number()) })),
    /** Stripe's `created` (seconds) of the newest chargeback event applied: older ones arriving late are skipped. */
    chargebackEventAt: v.optional(v.number()),
    /**
     * A bank chargeback on this payment's charge, in whatever state it arrived: while "open" the bank
     * decides (no admin outcome); the index lists open ones in the admin console. Details below.
     */
    chargebackStatus: v.optional(v.union(v.literal("open"), v.literal("won"), v.literal("lost"))),
    chargeback: v.optional(
      v.object({
        /** Stripe's dispute id (dp_...): a late "created" for a dispute already closed is skipped. */
        disputeId: v.optional(v.string()),
        openedAt: v.number(),
        closedAt: v.optional(v.number()),
        /** The state it arrived in (a member's dispute goes back to the admin if the bank decides for us). */
        fromState: paymentState,
        /** What the bank disputed (and, lost, took back), in cents. */
        amountCents: v.optional(v.number()),
      }),
    ),
    /**
     * A job split into milestones has one payment row per milestone (0-based index, the owner's
     * title); a job without milestones has one row without them. The state machine runs per row.
     */
    milestoneIndex: v.optional(v.number()),
    milestoneTitle: v.optional(v.string()),
    /** The owner opened a checkout for this row: the split can no longer change (payments/model/payments.ts). */
    checkoutStartedAt: v.optional(v.number()),
    /** Bank debits that failed for this row (newest last, at most 20): their late "completed" news is stale. */
    failedPaymentIntentIds: v.optional(v.array(v.string())),
  })
    .index("by_jobId", ["jobId"])
    .index("by_proId_and_state", ["proId", "state"])
    .index("by_proId_and_releasedAt", ["proId", "releasedAt"])
    .index("by_ownerId", ["ownerId"])
    // The admin's disputes list reads a state in creation order; the release sweep reads it by window end.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_state", ["state"])
    .index("by_state_and_reviewWindowEndsAt", ["state", "reviewWindowEndsAt"])
    .index("by_paymentIntentId", ["paymentIntentId"])
    .index("by_chargeId", ["chargeId"])
    .index("by_transferId", ["transferId"])
    .index("by_chargebackStatus", ["chargebackStatus"]),
  /** Every payment transition: who, when, why, from and to, and its idempotency key. */
  paymentHistory: defineTable({
    paymentId: v.id("jobPayments"),
    transition: v.string(),
    from: v.union(paymentState, v.null()),
    to: paymentState,
    actorId: v.optional(v.id("users")),
    actorKind: v.union(v.literal("owner"), v.literal("pro"), v.literal("admin"), v.literal("system")),
    reason: v.optional(v.string()),
    idempotencyKey: v.string(),
    at: v.number(),
  })
    .index("by_paymentId", ["paymentId"])
    .index("by_idempotencyKey", ["idempotencyKey"]),
  /** Money moves a transition scheduled (transfer to the pro, refund to the owner), done by an action. */
  paymentMoves: defineTable({
    paymentId: v.id("jobPayments"),
    kind: v.union(v.literal("transfer"), v.literal("refund"), v.literal("reversal")),
    amountCents: v.number(),
    idempotencyKey: v.string(),
    /**
     * A charge that was not this payment's funding (paid after it was cancelled, a second checkout,
     * a wrong amount): refunded by its own payment intent, outside the payment's own sums.
     */
    strayPaymentIntentId: v.optional(v.string()),
    /**
     * pending: to do (or to retry, with `error`); failed: out of automatic tries, an admin retries it;
     * cancelled: a transfer never sent whose money went back to the owner instead (no reversal needed);
     * waiting: a transfer held until the professional's payout account can take it (not tried, no
     * tries spent, not an admin's problem), queued again the moment payouts are enabled.
     */
    status: v.union(
      v.literal("pending"),
      v.literal("done"),
      v.literal("failed"),
      v.literal("cancelled"),
      v.literal("waiting"),
    ),
    /** While waiting: the professional whose payout account it waits for (payouts enabled releases their moves). */
    waitingFor: v.optional(v.id("users")),
    /** Reminders sent to that professional while it waited (the daily reminder is bounded). */
    payoutReminders: v.optional(v.number()),
    externalId: v.optional(v.string()),
    /** The gateway's last error. */
    error: v.optional(v.string()),
    /** Tries that failed so far (payments/moves.ts retries with backoff, then gives up to the admin). */
    attempts: v.optional(v.number()),
    lastAttemptAt: v.optional(v.number()),
    doneAt: v.optional(v.number()),
    /** The payments pool's run of this move (model/movePool.ts): only its outcome counts. */
    workId: v.optional(vWorkId),
    /** Written by the stuck-move sweep the payments pool replaced: cleared by migrations.ts, then dropped. */
    sweptAt: v.optional(v.number()),
  })
    .index("by_paymentId", ["paymentId"])
    // Kept beside by_status_and_payoutReminders: its lists (the admin's failed moves) read in creation order.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_status", ["status"])
    .index("by_idempotencyKey", ["idempotencyKey"])
    .index("by_waitingFor", ["waitingFor"])
    // The daily payout reminder: waiting transfers still under their reminders' bound.
    .index("by_status_and_payoutReminders", ["status", "payoutReminders"])
    // A chargeback on a stray charge finds its payment through the stray refund.
    .index("by_strayPaymentIntentId", ["strayPaymentIntentId"]),
  /**
   * Payment news the state machine could not apply (a chargeback on a charge it doesn't know, a
   * refund the bank made twice...): kept for an admin (the console's Disputes tab), never just logged.
   */
  paymentAlerts: defineTable({
    paymentId: v.optional(v.id("jobPayments")),
    eventId: v.optional(v.string()),
    eventType: v.string(),
    message: v.string(),
    at: v.number(),
  }).index("by_at", ["at"]),

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

  /**
   * The local stand-in for Resend's API (emails/standIn.ts, EMAIL_TRANSPORT=outbox): what it was
   * asked to send, one row per email, as it arrived (the /dev/outbox page). Rows from before the
   * stand-in have no sender, id or key.
   */
  emailOutbox: defineTable({
    to: v.string(),
    subject: v.string(),
    text: v.string(),
    html: v.string(),
    kind: v.string(),
    from: v.optional(v.string()),
    /** The id the stand-in answered with, as Resend's: its delivery events name it. */
    resendId: v.optional(v.string()),
    /** The request's Idempotency-Key: a repeated request gets the first answer, nothing is stored twice. */
    idempotencyKey: v.optional(v.string()),
  }).index("by_idempotencyKey", ["idempotencyKey"]),

  /** The daily digest's rotation (notificationDigest.ts): where today's run starts, so no member is always first. */
  notificationDigestState: defineTable({
    /** Today's run begins after this member, wraps around and ends with them. */
    startAfter: v.optional(v.id("users")),
  }),

  /**
   * Scrap & free materials (spec §3 Scrap listing). `open` (available or on
   * hold) is what browsing reads, so every browse is one index range; the
   * hold (claimer, until when) lives on the row: one claimant at a time.
   */
  scrapListings: defineTable({
    userId: v.id("users"),
    title: v.string(),
    description: v.string(),
    category: v.string(),
    materialType: v.optional(v.string()),
    quantity: v.optional(v.string()),
    location: v.string(),
    county: v.optional(v.string()),
    zipCode: v.string(),
    city: v.string(),
    state: v.string(),
    /** Free text; "Free" by default (spec §9). */
    price: v.string(),
    status: scrapStatus,
    open: v.boolean(),
    images: v.array(v.id("_storage")),
    contactMethod: v.string(),
    expiresAt: v.number(),
    /** The pickup window a claim gets, chosen by the lister. */
    holdHours: v.number(),
    claimerId: v.optional(v.id("users")),
    holdUntil: v.optional(v.number()),
    waitlistCount: v.number(),
    pickedUpAt: v.optional(v.number()),
    updatedAt: v.number(),
    lat: v.number(),
    lng: v.number(),
    geohash: v.string(),
    /** Place words and every ZIP suffix, so a search's prefix match finds a ZIP by substring. */
    placeText: v.string(),
    /** The lister is banned or deleted (model/scrap syncListerListings): out of every list, not claimable. */
    listerHidden: v.optional(v.boolean()),
  })
    // Newest first over every category: the sort by_open_and_category can't give.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_open", ["open"])
    // Newest first in one category, which by_open_and_category_and_zipCode can't give.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_open_and_category", ["open", "category"])
    // Distance lists: one ZIP code's listings newest first (model/scrap.ts nearestListings).
    .index("by_open_and_zipCode", ["open", "zipCode"])
    .index("by_open_and_category_and_zipCode", ["open", "category", "zipCode"])
    .index("by_userId", ["userId"])
    .index("by_claimerId_and_status", ["claimerId", "status"])
    .index("by_status_and_expiresAt", ["status", "expiresAt"])
    .index("by_status_and_holdUntil", ["status", "holdUntil"])
    .searchIndex("search_place", { searchField: "placeText", filterFields: ["open", "category"] }),

  /** Members waiting behind a hold, first come first served. */
  scrapWaitlist: defineTable({ listingId: v.id("scrapListings"), userId: v.id("users") })
    // In joining order (first come first served), which by_listingId_and_userId can't give.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_listingId", ["listingId"])
    .index("by_listingId_and_userId", ["listingId", "userId"]),

  /** Every status change of a listing (who, from, to), like jobEvents. */
  scrapEvents: defineTable({
    listingId: v.id("scrapListings"),
    actorId: v.optional(v.id("users")),
    kind: v.string(),
    fromStatus: v.optional(scrapStatus),
    toStatus: scrapStatus,
    claimerId: v.optional(v.id("users")),
  }).index("by_listingId", ["listingId"]),

  /**
   * Enterprise team seats (model/teams.ts): the business (the Enterprise professional's user id)
   * invites by email; `memberId` is set once the address has an account. Transitions in
   * SEAT_TRANSITIONS; a member holds at most one active seat.
   */
  teamSeats: defineTable({
    businessId: v.id("users"),
    memberId: v.optional(v.id("users")),
    /** The invited address, normalized. */
    email: v.string(),
    state: v.union(...SEAT_STATES.map((s) => v.literal(s))),
    invitedBy: v.id("users"),
    invitedAt: v.number(),
    respondedAt: v.optional(v.number()),
    endedAt: v.optional(v.number()),
    updatedAt: v.number(),
  })
    .index("by_businessId_and_state", ["businessId", "state"])
    .index("by_memberId_and_state", ["memberId", "state"])
    .index("by_email_and_state", ["email", "state"]),
});
