import { zodResolver } from "@hookform/resolvers/zod";
import { useAction, useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  CREDENTIAL_KINDS,
  CredentialCopy,
  EMPTY_CREDENTIAL_FORM,
  KIND_LABELS,
  STATE_LABELS,
  credentialFields,
  credentialFileProblem,
  credentialFormSchema,
  type CredentialFormValues,
  type CredentialState,
} from "@common/credentials";
import type { Id } from "../../../convex/_generated/dataModel";
import {
  ActionButton,
  Alert,
  Button,
  buttonClasses,
  Card,
  Checkbox,
  EmptyState,
  FileField,
  ListSkeleton,
  Select,
  TextField,
  useToast,
} from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyFieldErrors } from "@/lib/errors";
import { throwIfRefused, uploadFile } from "@/lib/upload";
import { useErrorToast } from "@/lib/useErrorToast";
import { US_STATES } from "@/lib/usStates";
import { ACCEPT_DOCUMENTS } from "@common/uploads";

// Account settings, professionals only (issue 16): credentials that earn the Verified badge.
// Add a licence, insurance or a background check with its document; see each one's state and a
// rejection's reason; re-submit a rejected or expired one; delete one.

type Credential = FunctionReturnType<typeof api.credentials.mine>[number];

const STATE_STYLES: Record<CredentialState, string> = {
  submitted: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  expired: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

const FIELDS = [
  "trade",
  "number",
  "issuingState",
  "carrier",
  "policyNumber",
  "coverage",
  "expiresOn",
  "consent",
] as const;

export function CredentialsSection() {
  const credentials = useQuery(api.credentials.mine, {});
  const [resubmitting, setResubmitting] = useState<Credential | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <Card as="section" id="credentials" aria-labelledby="credentials-heading" className="scroll-mt-20 p-4 sm:p-6">
      <h2 id="credentials-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Credentials
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        An approved, current licence or insurance earns the Verified badge and ranks you higher in search. Documents are
        seen only by you and Rafter's reviewers; your profile shows what was checked and until when.
      </p>
      <div className="mt-4">
        {credentials === undefined ? (
          <ListSkeleton shape="lines" count={2} label="Loading your credentials" />
        ) : credentials.length === 0 ? (
          <EmptyState title="No credentials yet">Add a licence or insurance below to get verified.</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Your credentials">
            {credentials.map((c) => (
              <CredentialRow
                key={c._id}
                credential={c}
                onResubmit={() => {
                  setResubmitting(c);
                  formRef.current?.scrollIntoView({ block: "start" });
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <div ref={formRef} className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
        <CredentialForm
          key={resubmitting?._id ?? "new"}
          resubmitting={resubmitting}
          onDone={() => setResubmitting(null)}
        />
      </div>
    </Card>
  );
}

function detailsLine(c: Credential): string {
  if (c.kind === "licence") return [c.trade, c.number, c.issuingState].filter(Boolean).join(" · ");
  if (c.kind === "insurance") return [c.carrier, c.policyNumber, c.coverage].filter(Boolean).join(" · ");
  return "Consent given";
}

function CredentialRow({ credential: c, onResubmit }: { credential: Credential; onResubmit: () => void }) {
  const remove = useMutation(api.credentials.remove);
  const { toast } = useToast();
  const showError = useErrorToast();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canResubmit = c.state === "rejected" || c.state === "expired";
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{c.label}</h3>
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATE_STYLES[c.state])}>
          {STATE_LABELS[c.state]}
        </span>
      </div>
      <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-200">{detailsLine(c)}</p>
      {c.expiresOn && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {c.state === "expired" ? "Expired" : "Valid through"} {c.expiresOn}
        </p>
      )}
      {c.state === "rejected" && c.rejectionReason && (
        <Alert variant="error" className="mt-2">
          Reason: {c.rejectionReason}
        </Alert>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <DocumentLink credentialId={c._id} />
        {canResubmit && (
          <Button variant="secondary" size="sm" onClick={onResubmit}>
            Re-submit
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete this ${c.label.toLowerCase()}?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        variant="danger"
        onConfirm={async () => {
          try {
            await remove({ credentialId: c._id });
            toast({ title: CredentialCopy.deleted, variant: "success" });
          } catch (error) {
            showError(error, { title: "Not deleted", description: "Please try again." });
          }
        }}
      >
        {c.verifying
          ? "It counts toward your Verified badge: without another approved licence or insurance, the badge goes at once."
          : "Its document is deleted too."}
      </ConfirmDialog>
    </li>
  );
}

/**
 * The private document: a click asks for a link that works for five minutes (owner or admin,
 * checked on the server), then offers it. Never a stored or public URL.
 */
export function DocumentLink({
  credentialId,
  label = "View document",
}: {
  credentialId: Id<"credentials">;
  label?: string;
}) {
  const openDocument = useAction(api.credentials.openDocument);
  const showError = useErrorToast();
  const [url, setUrl] = useState<string | null>(null);
  if (url !== null) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className={buttonClasses("secondary", "sm")}
        onClick={() => setTimeout(() => setUrl(null), 0)}
      >
        Open the document (new tab)
      </a>
    );
  }
  return (
    <ActionButton
      variant="secondary"
      size="sm"
      busyLabel="Opening..."
      onRun={async () => {
        try {
          setUrl(await openDocument({ credentialId }));
        } catch (error) {
          showError(error, { title: "Document not opened", description: CredentialCopy.documentGone });
        }
      }}
    >
      {label}
    </ActionButton>
  );
}

function CredentialForm({ resubmitting, onDone }: { resubmitting: Credential | null; onDone: () => void }) {
  const submit = useMutation(api.credentials.submit);
  const resubmit = useMutation(api.credentials.resubmit);
  const generateUploadUrl = useMutation(api.files.generateUploadUrl);
  const { toast } = useToast();
  const showError = useErrorToast();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CredentialFormValues>({
    resolver: zodResolver(credentialFormSchema),
    defaultValues: resubmitting
      ? {
          ...EMPTY_CREDENTIAL_FORM,
          kind: resubmitting.kind,
          trade: resubmitting.trade ?? "",
          number: resubmitting.number ?? "",
          issuingState: resubmitting.issuingState ?? "",
          carrier: resubmitting.carrier ?? "",
          policyNumber: resubmitting.policyNumber ?? "",
          coverage: resubmitting.coverage ?? "",
        }
      : EMPTY_CREDENTIAL_FORM,
  });
  const kind = useWatch({ control, name: "kind" });

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setFileError(chosen ? credentialFileProblem(chosen) : null);
  };

  const send = async (values: CredentialFormValues) => {
    const problem = file ? credentialFileProblem(file) : CredentialCopy.documentRequired;
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const url = await generateUploadUrl({ purpose: "credential" });
      const documentId = (await uploadFile(url, file!)) as Id<"_storage">;
      const fields = credentialFields(values);
      if (resubmitting) {
        throwIfRefused((await resubmit({ credentialId: resubmitting._id, ...fields, documentId })) ?? {});
      } else {
        throwIfRefused(await submit({ ...fields, documentId }));
      }
      toast({ title: resubmitting ? CredentialCopy.resubmitted : CredentialCopy.submitted, variant: "success" });
      reset(EMPTY_CREDENTIAL_FORM);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      onDone();
    } catch (error) {
      const { data } = showError(error, { title: "Credential not submitted", description: "Please try again." });
      if (!applyFieldErrors(data, setError, FIELDS) && data) setFileError(data.message);
    }
  };

  const title = resubmitting ? `Re-submit your ${resubmitting.label.toLowerCase()}` : "Add a credential";
  // Licences and insurance both end on a date.
  const expiryField = (
    <TextField label="Expiry date" type="date" required error={errors.expiresOn?.message} {...register("expiresOn")} />
  );
  return (
    <form
      noValidate
      aria-label={title}
      className="space-y-4"
      onSubmit={(e) => {
        // The document's message shows with the fields' (handleSubmit calls send only once they pass).
        setFileError(file ? credentialFileProblem(file) : CredentialCopy.documentRequired);
        void handleSubmit(send)(e);
      }}
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {!resubmitting && (
        <Select
          label="Kind"
          required
          options={CREDENTIAL_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          {...register("kind")}
        />
      )}
      {kind === "licence" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Trade" required error={errors.trade?.message} {...register("trade")} />
          <TextField label="Licence number" required error={errors.number?.message} {...register("number")} />
          <Select
            label="Issuing state"
            required
            placeholder="Choose a state"
            options={US_STATES}
            error={errors.issuingState?.message}
            {...register("issuingState")}
          />
          {expiryField}
        </div>
      )}
      {kind === "insurance" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Carrier" required error={errors.carrier?.message} {...register("carrier")} />
          <TextField
            label="Policy number"
            required
            error={errors.policyNumber?.message}
            {...register("policyNumber")}
          />
          <TextField
            label="Coverage"
            required
            hint="As the policy states it, e.g. $1,000,000 general liability"
            error={errors.coverage?.message}
            {...register("coverage")}
          />
          {expiryField}
        </div>
      )}
      {kind === "background_check" && (
        <Checkbox
          label="I consent to a background check"
          description="A Rafter reviewer checks the document you attach (for example a government ID) and records the result."
          required
          error={errors.consent?.message}
          {...register("consent")}
        />
      )}
      <FileField
        ref={fileInput}
        id={fileId}
        label="Document"
        required
        hint="A PDF or an image, up to 10 MB. Only you and Rafter's reviewers can see it."
        accept={ACCEPT_DOCUMENTS}
        error={fileError ?? undefined}
        disabled={isSubmitting}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Submitting..." : resubmitting ? "Re-submit for review" : "Submit for review"}
        </Button>
        {resubmitting && (
          <Button type="button" variant="ghost" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
