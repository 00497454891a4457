import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui";

/** The account forms' email address (sign in, sign up, forgot password). */
export function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <TextField
      label="Email address"
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      error={error}
      {...registration}
    />
  );
}
