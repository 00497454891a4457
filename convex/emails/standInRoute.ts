// How requests to Resend's API reach the local stand-in (standIn.ts): a plain module with no Convex
// functions or generated imports, so the local runtime can apply the same rule to its fetch.

/** The API key the stand-in takes: not a secret, it opens nothing but the local outbox. */
export const STAND_IN_API_KEY = "re_local_outbox_stand_in";
/** Where the stand-in answers on the deployment's site URL. */
export const STAND_IN_PATH = "/dev/resend";
const RESEND_API_ORIGIN = "https://api.resend.com";

/**
 * Where a request the app's functions make should go: a Resend API address becomes the stand-in's
 * on `siteUrl`; anything else is left alone (null). The local runtime and the unit tests apply it
 * to their fetch, and only in local mode (RAFTER_LOCAL=1) with EMAIL_TRANSPORT=outbox.
 */
export function resendStandInUrl(url: string, siteUrl: string): string | null {
  if (!url.startsWith(`${RESEND_API_ORIGIN}/`)) return null;
  return `${siteUrl.replace(/\/$/, "")}${STAND_IN_PATH}${url.slice(RESEND_API_ORIGIN.length)}`;
}

/** The same rule as the local runtime's `--route-fetch` (npm start and the e2e stack pass it with the outbox on). */
export const RESEND_STAND_IN_ROUTE = `${RESEND_API_ORIGIN}/={site}${STAND_IN_PATH}/`;
