import { useAuthActions } from "@convex-dev/auth/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { FormProvider, useForm, useWatch, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { CONTACT_METHOD_LABELS, CONTACT_METHODS, type ContactMethod, type UserType } from "@common/account";
import type { SignUpValues } from "@common/auth";
import { PROFESSION_CATEGORIES } from "@common/professions";
import { useAuthRedirectHold } from "@/app/session";
import {
  Alert,
  Button,
  Checkbox,
  FieldError,
  PasswordField,
  TextField,
  TextLink,
  errorClasses,
  hintClasses,
  textLinkClasses,
} from "@/components/ui";
import { cn } from "@/lib/cn";
import { PlaceFields } from "@/components/forms/PlaceFields";
import { deviceId } from "@/lib/deviceId";
import { applyFieldErrors, ErrorCopies } from "@/lib/errors";
import { lazyResolver } from "@/lib/lazyResolver";
import { useErrorToast } from "@/lib/useErrorToast";
import { useSecondPass } from "@/prerender/handoff";
import { AuthLayout } from "./AuthLayout";
import { DecoyField } from "./DecoyField";
import { EmailField } from "./EmailField";

/** What the inputs hold (checkboxes are plain booleans until the schema checks them). */
interface SignUpFormValues {
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  city: string;
  state: string;
  zipCode: string;
  county: string;
  phone: string;
  businessName: string;
  licenseNumber: string;
  professionalCategories: string[];
  preferredContactMethod: ContactMethod;
  isAdult: boolean;
  acceptTerms: boolean;
  website: string;
}

const SERVER_FIELDS: readonly Path<SignUpFormValues>[] = [
  "userType",
  "firstName",
  "lastName",
  "email",
  "password",
  "city",
  "state",
  "zipCode",
  "county",
  "phone",
  "businessName",
  "licenseNumber",
  "professionalCategories",
  "preferredContactMethod",
  "isAdult",
  "acceptTerms",
];

export const SIGN_UP_SUCCESS_MESSAGE = "Account created successfully! Redirecting to your dashboard...";
const REDIRECT_DELAY_MS = 1500;

const resolver = lazyResolver(() =>
  import("./resolvers").then((m) => m.signUpResolver as unknown as Resolver<SignUpFormValues, unknown, SignUpValues>),
);

const legendClasses = "text-sm font-medium text-slate-900 dark:text-slate-100";

/** Drops undefined values (Convex arguments cannot hold them). */
function compact(values: Record<string, unknown>): Record<string, string | boolean | string[]> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | boolean | string[]
  >;
}

export function SignUpPage({ defaultUserType = "professional" }: { defaultUserType?: UserType }) {
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const reportError = useErrorToast();
  const { holdAuthRedirects } = useAuthRedirectHold();
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  // The submit button sits at the end of a long form: bring a server refusal into view.
  useEffect(() => {
    if (!formError) return;
    formErrorRef.current?.scrollIntoView({ block: "center" });
    formErrorRef.current?.focus();
  }, [formError]);
  const [succeeded, setSucceeded] = useState(false);
  const releaseHold = useRef<(() => void) | null>(null);
  // On the prerendered page the form mounts in the app's second commit (see useSecondPass):
  // react-hook-form re-renders its form synchronously as it mounts, and that re-render made React
  // run every effect of the app's first commit in the same task, the longest on this page.
  const second = useSecondPass();

  // Release the redirect hold when the page goes away (after the success redirect, or on leaving).
  useEffect(() => () => releaseHold.current?.(), []);

  const submit = async (values: SignUpValues, form: SignUpFormApi) => {
    setFormError(null);
    releaseHold.current?.();
    releaseHold.current = holdAuthRedirects();
    const params = compact({
      flow: "signUp",
      userType: values.userType,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      password: values.password,
      city: values.city,
      state: values.state,
      zipCode: values.zipCode,
      county: values.county,
      phone: values.phone,
      ...(values.userType === "professional"
        ? {
            businessName: values.businessName,
            licenseNumber: values.licenseNumber,
            professionalCategories: values.professionalCategories ?? [],
          }
        : { preferredContactMethod: values.preferredContactMethod }),
      isAdult: values.isAdult,
      acceptTerms: values.acceptTerms,
      website: form.getValues("website") ?? "",
      // This browser becomes one of the account's known devices (convex/accounts.ts).
      deviceId: deviceId(),
    });
    try {
      const result = await signIn("password", params);
      if (!result.signingIn) throw new Error("Sign-up did not sign the user in");
      setSucceeded(true);
      window.setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      releaseHold.current?.();
      releaseHold.current = null;
      const shown = reportError(error, ErrorCopies.registration);
      setFormError(shown.inline);
      applyFieldErrors(shown.data, form.setError, SERVER_FIELDS);
    }
  };

  const footer = (
    <p>
      Already have an account? <TextLink to="/login">Sign in</TextLink>
    </p>
  );

  if (succeeded) {
    return (
      <AuthLayout title="Create Your Account" width="lg" footer={null}>
        <Alert variant="success" live="polite">
          {SIGN_UP_SUCCESS_MESSAGE}
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create Your Account"
      description="Join the network of US property owners and trusted property professionals."
      width="lg"
      footer={footer}
    >
      {second && (
        <SignUpForm
          defaultUserType={defaultUserType}
          formError={formError}
          formErrorRef={formErrorRef}
          onSubmit={submit}
        />
      )}
    </AuthLayout>
  );
}

type SignUpFormApi = UseFormReturn<SignUpFormValues, unknown, SignUpValues>;

/** The sign-up form itself; the page handles the submission (and its refusal) with `onSubmit`. */
function SignUpForm({
  defaultUserType,
  formError,
  formErrorRef,
  onSubmit,
}: {
  defaultUserType: UserType;
  formError: string | null;
  formErrorRef: RefObject<HTMLDivElement | null>;
  onSubmit: (values: SignUpValues, form: SignUpFormApi) => Promise<void>;
}) {
  const form: SignUpFormApi = useForm<SignUpFormValues, unknown, SignUpValues>({
    resolver,
    defaultValues: {
      userType: defaultUserType,
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      city: "",
      state: "",
      zipCode: "",
      county: "",
      phone: "",
      businessName: "",
      licenseNumber: "",
      professionalCategories: [],
      preferredContactMethod: "email",
      isAdult: false,
      acceptTerms: false,
      website: "",
    },
  });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = form;

  // The ?type= query presets the account type; following a link to the other type updates it
  // (only then: setting the same value re-renders the whole form once more after it mounts).
  useEffect(() => {
    if (getValues("userType") !== defaultUserType) setValue("userType", defaultUserType);
  }, [defaultUserType, getValues, setValue]);

  const userType = useWatch({ control, name: "userType" });
  const isPro = userType === "professional";

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void handleSubmit((values) => onSubmit(values, form))(event)}
        onFocus={resolver.preload}
        noValidate
        className="relative space-y-6"
      >
        {formError && (
          <div ref={formErrorRef} tabIndex={-1} className="rounded-md focus:outline-none">
            <Alert variant="error">{formError}</Alert>
          </div>
        )}
        <p className={hintClasses}>
          Fields marked{" "}
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>

        <fieldset className="space-y-2" aria-describedby={errors.userType ? "userType-error" : undefined}>
          <legend className={legendClasses}>
            Account type
            <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-300">
              *
            </span>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ["professional", "Service professional", "I offer property or trade services."],
                ["homeowner", "Property owner", "I'm looking for professionals for my property."],
              ] as const
            ).map(([value, label, text]) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border p-4",
                  userType === value
                    ? "border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-950"
                    : "border-slate-300 dark:border-slate-600",
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="mt-1 size-4 accent-brand-700 dark:accent-brand-300"
                  {...register("userType")}
                />
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">{label}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">{text}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="userType-error" message={errors.userType?.message} />
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register("lastName")}
          />
        </div>
        <EmailField registration={register("email")} error={errors.email?.message} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint="At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character (!@#$%^&*)."
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register("phone")}
        />

        <PlaceFields maxLength={80} />

        {isPro ? (
          <div className="space-y-5">
            <TextField
              label="Business name (optional)"
              autoComplete="organization"
              error={errors.businessName?.message}
              {...register("businessName")}
            />
            <TextField
              label="License or certification number"
              hint="Optional. Adding it now speeds up credential verification."
              error={errors.licenseNumber?.message}
              {...register("licenseNumber")}
            />
            <fieldset
              className="space-y-2"
              aria-describedby={cn("categories-hint", errors.professionalCategories && "categories-error")}
            >
              <legend className={legendClasses}>
                Professional categories
                <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-300">
                  *
                </span>
              </legend>
              <p id="categories-hint" className={hintClasses}>
                Select every category you work in. You'll pick your exact professions next.
              </p>
              <div
                className={cn(
                  "max-h-48 space-y-1 overflow-y-auto rounded-md border p-3",
                  errors.professionalCategories
                    ? "border-red-700 dark:border-red-400"
                    : "border-slate-300 dark:border-slate-600",
                )}
              >
                {PROFESSION_CATEGORIES.map((category) => (
                  <Checkbox
                    key={category.value}
                    id={`category-${category.value}`}
                    value={category.value}
                    label={category.label}
                    className="py-1"
                    {...register("professionalCategories")}
                  />
                ))}
              </div>
              <FieldError id="categories-error" message={errors.professionalCategories?.message} />
            </fieldset>
          </div>
        ) : (
          <fieldset className="space-y-2">
            <legend className={legendClasses}>Preferred contact method</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {CONTACT_METHODS.map((method) => (
                <label
                  key={method}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-900 dark:text-slate-100"
                >
                  <input
                    type="radio"
                    value={method}
                    className="size-4 accent-brand-700 dark:accent-brand-300"
                    {...register("preferredContactMethod")}
                  />
                  {CONTACT_METHOD_LABELS[method]}
                </label>
              ))}
            </div>
            <FieldError message={errors.preferredContactMethod?.message} />
          </fieldset>
        )}

        <div className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-700">
          <Checkbox label="I am 18 or older" required error={errors.isAdult?.message} {...register("isAdult")} />
          <Checkbox
            label={
              <>
                I accept the{" "}
                <a href="/terms" target="_blank" rel="noopener" className={textLinkClasses}>
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href="/privacy" target="_blank" rel="noopener" className={textLinkClasses}>
                  Privacy Policy
                </a>
              </>
            }
            required
            error={errors.acceptTerms?.message}
            {...register("acceptTerms")}
          />
        </div>

        <DecoyField registration={register("website")} />

        <Button type="submit" fullWidth size="lg" loading={isSubmitting} loadingText="Creating account...">
          Create Account
        </Button>
        {Object.keys(errors).length > 0 && !isSubmitting && (
          <p className={cn(errorClasses, "text-center")}>Please fix the highlighted fields above.</p>
        )}
      </form>
    </FormProvider>
  );
}
