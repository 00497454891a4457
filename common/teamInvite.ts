// The Team section's invite form (Enterprise team seats): one schema for the form and the server.
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./account";

export const teamInviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .email("Please enter a valid email address")
    .max(EMAIL_MAX_LENGTH, "Please enter a valid email address"),
});
export type TeamInviteValues = z.infer<typeof teamInviteSchema>;
