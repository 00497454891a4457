import { useMutation } from "convex/react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router-dom";
import type { ContactValues } from "@common/contact";
import { BUSINESS_HOURS, CONTACT_LIMITS, CONTACT_RESPONSE_HOURS, ContactMessages } from "@common/support";
import { useSession } from "@/app/session";
import { Button, Card, TextField, Textarea, TextLink, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyFieldErrors, type ErrorCopy } from "@/lib/errors";
import { lazyResolver } from "@/lib/lazyResolver";
import { useErrorToast } from "@/lib/useErrorToast";
import { usePageTitle } from "@/lib/usePageTitle";
import { mutedClasses, PageHero, pageContainer } from "../components";
import { Icon } from "../icons";

// Contact (spec §2, §5 "Contact form", §8 "Contact"): name, email, subject, message. The message is
// stored and emailed to support by contact.send; success clears the form.

const FIELDS = ["name", "email", "subject", "message"] as const;

const failureCopy: ErrorCopy = { title: ContactMessages.failedTitle, description: ContactMessages.failed };

const EMPTY: ContactValues = { name: "", email: "", subject: "", message: "" };
const resolver = lazyResolver(() => import("./contactResolver").then((m) => m.contactResolver));

export default function ContactPage() {
  usePageTitle("Contact Us");
  const session = useSession();
  const [params] = useSearchParams();
  const send = useMutation(api.contact.send);
  const { toast } = useToast();
  const reportError = useErrorToast();

  const viewer = session.status === "signedIn" ? session.viewer : null;
  const viewerName = viewer ? `${viewer.firstName} ${viewer.lastName}`.trim() : "";
  const viewerEmail = viewer?.email ?? "";

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver,
    // A link such as /contact?subject=Accessibility starts the message for the visitor.
    defaultValues: { ...EMPTY, subject: (params.get("subject") ?? "").slice(0, CONTACT_LIMITS.subject) },
  });

  // Signed-in users: their name and email, once the session is known, unless they typed something already.
  useEffect(() => {
    if (!viewerEmail) return;
    if (!getValues("name")) setValue("name", viewerName);
    if (!getValues("email")) setValue("email", viewerEmail);
  }, [viewerName, viewerEmail, getValues, setValue]);

  const submit = async (values: ContactValues) => {
    try {
      await send(values);
      toast({ title: ContactMessages.sentTitle, description: ContactMessages.sent, variant: "success" });
      reset({ ...EMPTY, name: viewerName, email: viewerEmail });
      setFocus(viewerEmail ? "subject" : "name");
    } catch (error) {
      const shown = reportError(error, failureCopy);
      applyFieldErrors(shown.data, setError, FIELDS);
    }
  };

  return (
    <div>
      <PageHero title="Contact Us">
        <p>
          Questions about Rafter, your account or a plan? Send us a message and we'll get back to you within{" "}
          {CONTACT_RESPONSE_HOURS} hours.
        </p>
      </PageHero>

      <div className={cn(pageContainer, "grid gap-8 py-12 lg:grid-cols-3 lg:py-16")}>
        <Card className="lg:col-span-2">
          <h2 id="contact-form-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Send us a message
          </h2>
          <p className={cn("mt-1 text-sm", mutedClasses)}>All fields are required.</p>
          <form
            aria-labelledby="contact-form-heading"
            onSubmit={(event) => void handleSubmit(submit)(event)}
            onFocus={resolver.preload}
            noValidate
            className="mt-6 space-y-5"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Name"
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.name}
                error={errors.name?.message}
                {...register("name")}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={CONTACT_LIMITS.email}
                error={errors.email?.message}
                {...register("email")}
              />
            </div>
            <TextField
              label="Subject"
              required
              maxLength={CONTACT_LIMITS.subject}
              error={errors.subject?.message}
              {...register("subject")}
            />
            <Textarea
              label="Message"
              rows={6}
              required
              maxLength={CONTACT_LIMITS.message}
              hint={`Up to ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.`}
              error={errors.message?.message}
              {...register("message")}
            />
            <Button type="submit" loading={isSubmitting} loadingText="Sending..." className="w-full sm:w-auto">
              Send Message
            </Button>
          </form>
        </Card>

        <section aria-labelledby="contact-info-heading" className="space-y-6">
          <h2 id="contact-info-heading" className="sr-only">
            Hours and other help
          </h2>
          <Card>
            <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              <Icon name="clock" className="text-brand-700 dark:text-brand-300" />
              Business hours
            </h3>
            <p className={cn("mt-2", mutedClasses)}>
              {BUSINESS_HOURS.days}, {BUSINESS_HOURS.opens} to {BUSINESS_HOURS.closes}.
            </p>
            <p className={cn("mt-2", mutedClasses)}>We answer every message within {CONTACT_RESPONSE_HOURS} hours.</p>
          </Card>
          <Card>
            <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
              <Icon name="mail" className="text-brand-700 dark:text-brand-300" />
              Looking for something else?
            </h3>
            <ul className="mt-3 space-y-2">
              <li>
                <TextLink to="/about">About Rafter</TextLink>
              </li>
              <li>
                <TextLink to="/how-it-works">How Rafter works</TextLink>
              </li>
              <li>
                <TextLink to="/accessibility">Accessibility feedback</TextLink>
              </li>
              <li>
                <TextLink to="/dmca">Copyright (DMCA) notices</TextLink>
              </li>
            </ul>
          </Card>
        </section>
      </div>
    </div>
  );
}
