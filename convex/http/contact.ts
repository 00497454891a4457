// POST /api/contact (spec §7): name, email, subject, message. The same
// validation, rate limits and storage as the app's contact form: the route only
// checks that each field is text and hands them to contact.send.
import { ContactMessages } from "../../common/contact";
import { ErrorCode } from "../../common/errors";
import { api } from "../_generated/api";
import { readJsonObject, restError, type RestRoute } from "./rest";

const FIELDS = ["name", "email", "subject", "message"] as const;
type ContactField = (typeof FIELDS)[number];

/** The four fields as strings; a missing (or null) field becomes "" so the form's own "... is required" applies. */
function contactFields(body: Record<string, unknown>): Record<ContactField, string> {
  const out = {} as Record<ContactField, string>;
  const wrongType: Record<string, string> = {};
  for (const key of FIELDS) {
    const value = body[key];
    if (value === undefined || value === null) out[key] = "";
    else if (typeof value === "string") out[key] = value;
    else wrongType[key] = `${key} must be a string`;
  }
  const bad = Object.keys(wrongType);
  if (bad.length > 0) {
    throw restError(ErrorCode.INVALID_INPUT, `Invalid request: ${wrongType[bad[0]!]}`);
  }
  return out;
}

export const contactRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/contact",
    status: 201,
    handler: async ({ ctx, request }) => {
      const fields = contactFields(await readJsonObject(request));
      await ctx.runMutation(api.contact.send, fields);
      return { message: ContactMessages.sentTitle, description: ContactMessages.sent };
    },
  },
];
