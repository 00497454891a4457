/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as accountDeletion from "../accountDeletion.js";
import type * as accounts from "../accounts.js";
import type * as admin_cleanup from "../admin/cleanup.js";
import type * as admin_disputes from "../admin/disputes.js";
import type * as admin_moderation from "../admin/moderation.js";
import type * as admin_users from "../admin/users.js";
import type * as admin_verification from "../admin/verification.js";
import type * as auth from "../auth.js";
import type * as backup from "../backup.js";
import type * as bids from "../bids.js";
import type * as branding from "../branding.js";
import type * as connections from "../connections.js";
import type * as contact from "../contact.js";
import type * as credentials from "../credentials.js";
import type * as crons from "../crons.js";
import type * as dashboard from "../dashboard.js";
import type * as devOutbox from "../devOutbox.js";
import type * as emailVerification from "../emailVerification.js";
import type * as emails_send from "../emails/send.js";
import type * as emails_templates from "../emails/templates.js";
import type * as endorsements from "../endorsements.js";
import type * as files from "../files.js";
import type * as functions from "../functions.js";
import type * as http from "../http.js";
import type * as http_admin from "../http/admin.js";
import type * as http_auth from "../http/auth.js";
import type * as http_contact from "../http/contact.js";
import type * as http_credentialDocument from "../http/credentialDocument.js";
import type * as http_devOutbox from "../http/devOutbox.js";
import type * as http_jobs from "../http/jobs.js";
import type * as http_messages from "../http/messages.js";
import type * as http_openapi from "../http/openapi.js";
import type * as http_payments from "../http/payments.js";
import type * as http_posts from "../http/posts.js";
import type * as http_professionals from "../http/professionals.js";
import type * as http_profiles from "../http/profiles.js";
import type * as http_rest from "../http/rest.js";
import type * as http_scrap from "../http/scrap.js";
import type * as http_social from "../http/social.js";
import type * as http_subscriptions from "../http/subscriptions.js";
import type * as insights from "../insights.js";
import type * as jobs from "../jobs.js";
import type * as jobs_browse from "../jobs/browse.js";
import type * as jobs_photos from "../jobs/photos.js";
import type * as maintenance from "../maintenance.js";
import type * as messages from "../messages.js";
import type * as model_accountDeletion from "../model/accountDeletion.js";
import type * as model_audit from "../model/audit.js";
import type * as model_backgroundChecks from "../model/backgroundChecks.js";
import type * as model_bans from "../model/bans.js";
import type * as model_branding from "../model/branding.js";
import type * as model_cleanup from "../model/cleanup.js";
import type * as model_comments from "../model/comments.js";
import type * as model_counters from "../model/counters.js";
import type * as model_credentials from "../model/credentials.js";
import type * as model_deployment from "../model/deployment.js";
import type * as model_directory from "../model/directory.js";
import type * as model_emailTokens from "../model/emailTokens.js";
import type * as model_errors from "../model/errors.js";
import type * as model_files from "../model/files.js";
import type * as model_follows from "../model/follows.js";
import type * as model_geo from "../model/geo.js";
import type * as model_insights from "../model/insights.js";
import type * as model_jobs from "../model/jobs.js";
import type * as model_likes from "../model/likes.js";
import type * as model_limits from "../model/limits.js";
import type * as model_mentions from "../model/mentions.js";
import type * as model_messages from "../model/messages.js";
import type * as model_moderation from "../model/moderation.js";
import type * as model_network from "../model/network.js";
import type * as model_notifications from "../model/notifications.js";
import type * as model_paging from "../model/paging.js";
import type * as model_payments from "../model/payments.js";
import type * as model_posts from "../model/posts.js";
import type * as model_professionals from "../model/professionals.js";
import type * as model_rateLimit from "../model/rateLimit.js";
import type * as model_referrals from "../model/referrals.js";
import type * as model_reposts from "../model/reposts.js";
import type * as model_reviews from "../model/reviews.js";
import type * as model_scrap from "../model/scrap.js";
import type * as model_screening from "../model/screening.js";
import type * as model_securityLog from "../model/securityLog.js";
import type * as model_sessions from "../model/sessions.js";
import type * as model_shares from "../model/shares.js";
import type * as model_socialNotifications from "../model/socialNotifications.js";
import type * as model_socialViews from "../model/socialViews.js";
import type * as model_suspicion from "../model/suspicion.js";
import type * as model_timeline from "../model/timeline.js";
import type * as model_tokens from "../model/tokens.js";
import type * as model_transitions from "../model/transitions.js";
import type * as model_users from "../model/users.js";
import type * as model_verification from "../model/verification.js";
import type * as model_zipData from "../model/zipData.js";
import type * as notificationDigest from "../notificationDigest.js";
import type * as notifications from "../notifications.js";
import type * as passwords from "../passwords.js";
import type * as payments_events from "../payments/events.js";
import type * as payments_gateway from "../payments/gateway.js";
import type * as payments_jobs from "../payments/jobs.js";
import type * as payments_local from "../payments/local.js";
import type * as payments_moves from "../payments/moves.js";
import type * as payments_stripeGateway from "../payments/stripeGateway.js";
import type * as payments_webhooks from "../payments/webhooks.js";
import type * as portfolio from "../portfolio.js";
import type * as professionals from "../professionals.js";
import type * as profiles from "../profiles.js";
import type * as promotions from "../promotions.js";
import type * as reviews from "../reviews.js";
import type * as scrap from "../scrap.js";
import type * as search from "../search.js";
import type * as seed_benchFeed from "../seed/benchFeed.js";
import type * as seed_credentials from "../seed/credentials.js";
import type * as seed_data from "../seed/data.js";
import type * as seed_demoLife from "../seed/demoLife.js";
import type * as seed_feed from "../seed/feed.js";
import type * as seed_feedImages from "../seed/feedImages.js";
import type * as seed_payments from "../seed/payments.js";
import type * as seed_run from "../seed/run.js";
import type * as seed_scrap from "../seed/scrap.js";
import type * as seed_subscriptions from "../seed/subscriptions.js";
import type * as seed_suspicious from "../seed/suspicious.js";
import type * as settings from "../settings.js";
import type * as social_comments from "../social/comments.js";
import type * as social_follows from "../social/follows.js";
import type * as social_likes from "../social/likes.js";
import type * as social_mentions from "../social/mentions.js";
import type * as social_notifications from "../social/notifications.js";
import type * as social_posts from "../social/posts.js";
import type * as social_reports from "../social/reports.js";
import type * as social_shares from "../social/shares.js";
import type * as subscriptions from "../subscriptions.js";
import type * as users from "../users.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  accountDeletion: typeof accountDeletion;
  accounts: typeof accounts;
  "admin/cleanup": typeof admin_cleanup;
  "admin/disputes": typeof admin_disputes;
  "admin/moderation": typeof admin_moderation;
  "admin/users": typeof admin_users;
  "admin/verification": typeof admin_verification;
  auth: typeof auth;
  backup: typeof backup;
  bids: typeof bids;
  branding: typeof branding;
  connections: typeof connections;
  contact: typeof contact;
  credentials: typeof credentials;
  crons: typeof crons;
  dashboard: typeof dashboard;
  devOutbox: typeof devOutbox;
  emailVerification: typeof emailVerification;
  "emails/send": typeof emails_send;
  "emails/templates": typeof emails_templates;
  endorsements: typeof endorsements;
  files: typeof files;
  functions: typeof functions;
  http: typeof http;
  "http/admin": typeof http_admin;
  "http/auth": typeof http_auth;
  "http/contact": typeof http_contact;
  "http/credentialDocument": typeof http_credentialDocument;
  "http/devOutbox": typeof http_devOutbox;
  "http/jobs": typeof http_jobs;
  "http/messages": typeof http_messages;
  "http/openapi": typeof http_openapi;
  "http/payments": typeof http_payments;
  "http/posts": typeof http_posts;
  "http/professionals": typeof http_professionals;
  "http/profiles": typeof http_profiles;
  "http/rest": typeof http_rest;
  "http/scrap": typeof http_scrap;
  "http/social": typeof http_social;
  "http/subscriptions": typeof http_subscriptions;
  insights: typeof insights;
  jobs: typeof jobs;
  "jobs/browse": typeof jobs_browse;
  "jobs/photos": typeof jobs_photos;
  maintenance: typeof maintenance;
  messages: typeof messages;
  "model/accountDeletion": typeof model_accountDeletion;
  "model/audit": typeof model_audit;
  "model/backgroundChecks": typeof model_backgroundChecks;
  "model/bans": typeof model_bans;
  "model/branding": typeof model_branding;
  "model/cleanup": typeof model_cleanup;
  "model/comments": typeof model_comments;
  "model/counters": typeof model_counters;
  "model/credentials": typeof model_credentials;
  "model/deployment": typeof model_deployment;
  "model/directory": typeof model_directory;
  "model/emailTokens": typeof model_emailTokens;
  "model/errors": typeof model_errors;
  "model/files": typeof model_files;
  "model/follows": typeof model_follows;
  "model/geo": typeof model_geo;
  "model/insights": typeof model_insights;
  "model/jobs": typeof model_jobs;
  "model/likes": typeof model_likes;
  "model/limits": typeof model_limits;
  "model/mentions": typeof model_mentions;
  "model/messages": typeof model_messages;
  "model/moderation": typeof model_moderation;
  "model/network": typeof model_network;
  "model/notifications": typeof model_notifications;
  "model/paging": typeof model_paging;
  "model/payments": typeof model_payments;
  "model/posts": typeof model_posts;
  "model/professionals": typeof model_professionals;
  "model/rateLimit": typeof model_rateLimit;
  "model/referrals": typeof model_referrals;
  "model/reposts": typeof model_reposts;
  "model/reviews": typeof model_reviews;
  "model/scrap": typeof model_scrap;
  "model/screening": typeof model_screening;
  "model/securityLog": typeof model_securityLog;
  "model/sessions": typeof model_sessions;
  "model/shares": typeof model_shares;
  "model/socialNotifications": typeof model_socialNotifications;
  "model/socialViews": typeof model_socialViews;
  "model/suspicion": typeof model_suspicion;
  "model/timeline": typeof model_timeline;
  "model/tokens": typeof model_tokens;
  "model/transitions": typeof model_transitions;
  "model/users": typeof model_users;
  "model/verification": typeof model_verification;
  "model/zipData": typeof model_zipData;
  notificationDigest: typeof notificationDigest;
  notifications: typeof notifications;
  passwords: typeof passwords;
  "payments/events": typeof payments_events;
  "payments/gateway": typeof payments_gateway;
  "payments/jobs": typeof payments_jobs;
  "payments/local": typeof payments_local;
  "payments/moves": typeof payments_moves;
  "payments/stripeGateway": typeof payments_stripeGateway;
  "payments/webhooks": typeof payments_webhooks;
  portfolio: typeof portfolio;
  professionals: typeof professionals;
  profiles: typeof profiles;
  promotions: typeof promotions;
  reviews: typeof reviews;
  scrap: typeof scrap;
  search: typeof search;
  "seed/benchFeed": typeof seed_benchFeed;
  "seed/credentials": typeof seed_credentials;
  "seed/data": typeof seed_data;
  "seed/demoLife": typeof seed_demoLife;
  "seed/feed": typeof seed_feed;
  "seed/feedImages": typeof seed_feedImages;
  "seed/payments": typeof seed_payments;
  "seed/run": typeof seed_run;
  "seed/scrap": typeof seed_scrap;
  "seed/subscriptions": typeof seed_subscriptions;
  "seed/suspicious": typeof seed_suspicious;
  settings: typeof settings;
  "social/comments": typeof social_comments;
  "social/follows": typeof social_follows;
  "social/likes": typeof social_likes;
  "social/mentions": typeof social_mentions;
  "social/notifications": typeof social_notifications;
  "social/posts": typeof social_posts;
  "social/reports": typeof social_reports;
  "social/shares": typeof social_shares;
  subscriptions: typeof subscriptions;
  users: typeof users;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
