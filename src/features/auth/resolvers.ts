import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signUpSchema } from "@common/auth";

// The account forms' resolvers, imported on first use (lazyResolver): zod and the schemas stay out
// of the sign-in and sign-up pages' first load.
export const loginResolver = zodResolver(loginSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
export const signUpResolver = zodResolver(signUpSchema);
