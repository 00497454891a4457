// How members reach Rafter: the support inbox, hours, response times (spec §9) and the contact
// form's limits and copy. No zod here: the pages that show these need no form code to paint.

/** The support inbox when the deployment sets no SUPPORT_EMAIL. */
export const DEFAULT_SUPPORT_EMAIL = "support@rafter.example";
/** Spec §9: support and contact responses within 24 hours; business hours Monday to Friday 09:00 to 17:00. */
export const CONTACT_RESPONSE_HOURS = 24;
export const BUSINESS_HOURS = { days: "Monday to Friday", opens: "09:00", closes: "17:00" } as const;
/** Spec §9: accessibility feedback is answered within 2 business days. */
export const ACCESSIBILITY_RESPONSE_BUSINESS_DAYS = 2;
/** Where copyright (DMCA) notices go; a deployment replaces the placeholder domain with its own. */
export const DMCA_AGENT_EMAIL = "dmca@rafter.example";

/** The contact form (spec §5 "Contact form", §8 "Contact"). */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

export const ContactMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be ${CONTACT_LIMITS.name} characters or fewer`,
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: `Email must be ${CONTACT_LIMITS.email} characters or fewer`,
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be ${CONTACT_LIMITS.subject} characters or fewer`,
  messageRequired: "Message is required",
  messageTooLong: `Message must be ${CONTACT_LIMITS.message} characters or fewer`,
  /** Spec §8 "Contact": the toasts after sending. */
  sentTitle: "Message Sent!",
  sent: "We'll get back to you within 24 hours.",
  failedTitle: "Error",
  failed: "Failed to send message. Please try again.",
} as const;
