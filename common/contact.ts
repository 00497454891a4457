// The contact form (spec §5 "Contact form": name, email in email format,
// subject and message, all required). One schema for the React form
// (zodResolver, loaded on first use) and the contact.send mutation, which validates the same
// input. Its limits and copy are in ./support.ts (no zod).
import { z } from "zod";
import { CONTACT_LIMITS, ContactMessages } from "./support";

export { CONTACT_LIMITS, ContactMessages } from "./support";

export const contactSchema = z.object({
  name: z.string().trim().min(1, ContactMessages.nameRequired).max(CONTACT_LIMITS.name, ContactMessages.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, ContactMessages.emailRequired)
    .email(ContactMessages.emailInvalid)
    .max(CONTACT_LIMITS.email, ContactMessages.emailTooLong),
  subject: z
    .string()
    .trim()
    .min(1, ContactMessages.subjectRequired)
    .max(CONTACT_LIMITS.subject, ContactMessages.subjectTooLong),
  message: z
    .string()
    .trim()
    .min(1, ContactMessages.messageRequired)
    .max(CONTACT_LIMITS.message, ContactMessages.messageTooLong),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
