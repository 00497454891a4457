// Account forms: one zod schema per form, used by the React forms (zodResolver, loaded on first
// use) and by the Convex functions that receive the same input. The zod-free facts and copy are in
// ./account.ts (re-exported here for the server's imports).
import { z } from "zod";
import { CONTACT_METHODS, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_TYPES } from "./account";
import { isProfessionCategory } from "./professions";

export * from "./account";

const passwordRules = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 12 characters")
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[0-9]/, "Password must contain at least one number");

/** Registration rule (spec §5): special characters from !@#$%^&*. */
export const passwordSchema = passwordRules.regex(
  /[!@#$%^&*]/,
  "Password must contain at least one special character (!@#$%^&*)",
);

/** Reset rule (spec §5): any non-alphanumeric character counts as special. */
export const resetPasswordValueSchema = passwordRules.regex(
  /[^A-Za-z0-9]/,
  "Password must contain at least one special character",
);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

export const signUpSchema = z
  .object({
    userType: z.enum(USER_TYPES, { message: "Required" }),
    firstName: z.string().trim().min(1, "First name is required").max(60),
    lastName: z.string().trim().min(1, "Last name is required").max(60),
    email: z.string().trim().email("Invalid email address").max(EMAIL_MAX_LENGTH),
    password: passwordSchema,
    city: optionalText(80),
    state: optionalText(2).transform((v) => v?.toUpperCase()),
    zipCode: z
      .string()
      .trim()
      .regex(/^(\d{5}(-\d{4})?)?$/, "Enter a 5-digit ZIP code")
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    county: optionalText(80),
    phone: z
      .string()
      .trim()
      .regex(/^[0-9+()\-.\s]{0,20}$/, "Enter a valid phone number")
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    businessName: optionalText(120),
    licenseNumber: optionalText(60),
    professionalCategories: z
      .array(z.string().refine(isProfessionCategory, "Select categories from the list"))
      .max(20)
      .optional(),
    preferredContactMethod: z.enum(CONTACT_METHODS).optional(),
    isAdult: z.literal(true, { message: "You must be 18 or older to use Rafter" }),
    acceptTerms: z.literal(true, { message: "You must accept the Terms of Service and Privacy Policy" }),
  })
  .superRefine((value, ctx) => {
    if (value.userType === "professional" && (value.professionalCategories?.length ?? 0) === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["professionalCategories"],
        message: "Select at least one professional category",
      });
    }
  });
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;

export const loginSchema = z.object({
  email: z.string().trim().email("Invalid email address").max(EMAIL_MAX_LENGTH, "Invalid email address"),
  password: z
    .string()
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters"),
  /** Bot trap: a hidden field people never fill. */
  website: z.string().optional(),
  /**
   * The client's own random id (16 to 128 of A-Z a-z 0-9 _ -), the same on every sign-in: a device
   * that signed in before is spared the slowdown others' failed guesses cause (convex/accounts.ts).
   */
  deviceId: z.string().max(128).optional(),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .email("Please enter a valid email address")
    .max(EMAIL_MAX_LENGTH, "Please enter a valid email address"),
  website: z.string().optional(),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: resetPasswordValueSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords don't match",
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const professionSetupSchema = z
  .object({
    professions: z.array(z.string()).min(1, "Please select at least one profession").max(30),
    primaryProfession: z.string().min(1, "Please select a primary profession"),
  })
  .refine((v) => v.professions.includes(v.primaryProfession), {
    path: ["primaryProfession"],
    message: "Please select a primary profession",
  });
export type ProfessionSetupValues = z.infer<typeof professionSetupSchema>;

/** Settings: change password while signed in (the current one is required). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(128),
    newPassword: passwordSchema.max(128, "Password must be at most 128 characters"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords don't match" })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from your current one",
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** Delete account (the current password confirms it). */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, "Please enter your current password").max(PASSWORD_MAX_LENGTH, "Your current password is incorrect."),
});
export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;
