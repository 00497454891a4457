import { zodResolver } from "@hookform/resolvers/zod";
import { useAction, useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CredentialCopy, fullDate, rejectSchema } from "@common/credentials";
import type { z } from "zod";
import { ActionButton, Button, EmptyState, ListSkeleton, LoadMore, Textarea, useToast } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { applyFieldErrors } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";

// The admin console's Verification tab (issue 16): credentials waiting for review, oldest first with
// Pro+ a day ahead (the server's order, convex/admin/verification.ts), each with its document (a
// five-minute link asked for on demand) and the approve / reject-with-a-reason decisions.

const PAGE_SIZE = 20;
type QueueItem = FunctionReturnType<typeof api.admin.verification.queue>["page"][number];

export function VerificationTab() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.admin.verification.queue,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  if (status === "LoadingFirstPage")
    return <ListSkeleton shape="lines" count={3} label="Loading the verification queue" />;
  if (results.length === 0) return <EmptyState title={CredentialCopy.queueEmpty} />;
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Credentials waiting for review">
        {results.map((item) => (
          <QueueRow key={item.credentialId} item={item} />
        ))}
      </ul>
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />
    </div>
  );
}

function details(item: QueueItem): [string, string][] {
  const rows: [string, string | null][] =
    item.kind === "licence"
      ? [
          ["Trade", item.trade],
          ["Licence number", item.number],
          ["Issuing state", item.issuingState],
          ["Valid through", item.expiresOn],
        ]
      : item.kind === "insurance"
        ? [
            ["Carrier", item.carrier],
            ["Policy number", item.policyNumber],
            ["Coverage", item.coverage],
            ["Valid through", item.expiresOn],
          ]
        : [["Consent", item.consent ? "Given" : "Not given"]];
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

function QueueRow({ item }: { item: QueueItem }) {
  const approve = useMutation(api.admin.verification.approve);
  const { toast } = useToast();
  const showError = useErrorToast();
  const [rejecting, setRejecting] = useState(false);
  const who = item.member?.name ?? "Unknown member";
  const what = `${item.label.toLowerCase()} of ${who}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{item.label}</h3>
        <span className="text-slate-700 dark:text-slate-200">
          {who}
          {item.member?.businessName ? ` · ${item.member.businessName}` : ""}
        </span>
        {item.expedited && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-950 dark:text-brand-100">
            Pro+ · review within a day
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Submitted <time dateTime={new Date(item.submittedAt).toISOString()}>{fullDate(item.submittedAt)}</time>
        {item.member?.email ? ` · ${item.member.email}` : ""}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        {details(item).map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <DocumentViewer item={item} />
      <div className="mt-3 flex flex-wrap gap-2">
        <ActionButton
          size="sm"
          busyLabel="Approving..."
          aria-label={`Approve the ${what}`}
          onRun={async () => {
            try {
              await approve({ credentialId: item.credentialId });
              toast({ title: CredentialCopy.approved, variant: "success" });
            } catch (error) {
              showError(error, { title: "Error", description: "Failed to approve the credential." });
            }
          }}
        >
          Approve
        </ActionButton>
        <Button size="sm" variant="danger" aria-label={`Reject the ${what}`} onClick={() => setRejecting(true)}>
          Reject
        </Button>
      </div>
      <RejectDialog item={item} open={rejecting} onClose={() => setRejecting(false)} />
    </li>
  );
}

/** The document, shown inline once asked for (a link that works for five minutes; admins and the owner only). */
function DocumentViewer({ item }: { item: QueueItem }) {
  const openDocument = useAction(api.credentials.openDocument);
  const showError = useErrorToast();
  const [url, setUrl] = useState<string | null>(null);
  if (url === null) {
    return (
      <ActionButton
        className="mt-3"
        size="sm"
        variant="secondary"
        busyLabel="Opening..."
        aria-label={`View the document of the ${item.label.toLowerCase()}`}
        onRun={async () => {
          try {
            setUrl(await openDocument({ credentialId: item.credentialId }));
          } catch (error) {
            showError(error, { title: "Error", description: CredentialCopy.documentGone });
          }
        }}
      >
        View document
      </ActionButton>
    );
  }
  const title = `Document for the ${item.label.toLowerCase()}`;
  return (
    <figure className="mt-3 space-y-2">
      {item.documentType?.startsWith("image/") ? (
        <img
          src={url}
          alt={title}
          className="max-h-96 w-full rounded-md border border-slate-200 object-contain dark:border-slate-700"
        />
      ) : (
        <iframe
          src={url}
          title={title}
          className="h-96 w-full rounded-md border border-slate-200 dark:border-slate-700"
        />
      )}
      <figcaption className="flex flex-wrap gap-3 text-sm">
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-800 underline dark:text-brand-200"
        >
          Open in a new tab
        </a>
        <button
          type="button"
          className="font-medium text-slate-700 underline dark:text-slate-200"
          onClick={() => setUrl(null)}
        >
          Hide document
        </button>
      </figcaption>
    </figure>
  );
}

type RejectValues = z.input<typeof rejectSchema>;

function RejectDialog({ item, open, onClose }: { item: QueueItem; open: boolean; onClose: () => void }) {
  const reject = useMutation(api.admin.verification.reject);
  const { toast } = useToast();
  const showError = useErrorToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RejectValues>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: "" } });
  const submit = async ({ reason }: RejectValues) => {
    try {
      await reject({ credentialId: item.credentialId, reason });
      toast({ title: CredentialCopy.rejected, variant: "success" });
      reset();
      onClose();
    } catch (error) {
      const { data } = showError(error, { title: "Error", description: "Failed to reject the credential." });
      applyFieldErrors(data, setError, ["reason"]);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={isSubmitting}
      title={`Reject the ${item.label.toLowerCase()}?`}
      description="The professional sees this reason and can re-submit."
    >
      <form noValidate className="space-y-4" onSubmit={(e) => void handleSubmit(submit)(e)}>
        <Textarea label="Reason" required rows={3} error={errors.reason?.message} {...register("reason")} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting} loadingText="Rejecting...">
            Reject
          </Button>
        </div>
      </form>
    </Modal>
  );
}
