import { useMutation, useQuery } from "convex/react";
import { useId, useState } from "react";
import { ENDORSEMENT_LIMITS, EndorsementCopy } from "@common/branding";
import { ActionButton, Alert, Button, Card, TextLink, Textarea, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import { appErrorData } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";

// Client endorsements on a professional's profile (spec §1, §6 Pro Profile): the written ones, the
// form for a client who was asked, and for the professional themself the hired jobs to ask about
// (or, below Pro Profile, the upgrade prompt). The server enforces the same (convex/endorsements.ts).

const FAILED = { title: "Endorsement Not Sent", description: "Please try again." };

export function Endorsements({ userId, isOwn }: { userId: Id<"users">; isOwn: boolean }) {
  const data = useQuery(api.endorsements.forProfile, { userId });
  const headingId = useId();
  if (data === undefined) return null;
  const hasContent = data.endorsements.length > 0 || data.pending !== null;
  if (!isOwn && !hasContent) return null;
  return (
    <Card as="section" id="endorsements" aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {EndorsementCopy.title}
      </h2>
      {data.pending && <WriteEndorsement endorsementId={data.pending.endorsementId} jobTitle={data.pending.jobTitle} />}
      {data.endorsements.length > 0 && (
        <ul className="space-y-3">
          {data.endorsements.map((e) => (
            <li key={e._id}>
              <figure className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <blockquote className="text-slate-800 dark:text-slate-100">“{e.text}”</blockquote>
                <figcaption className="mt-1 text-sm text-slate-600 dark:text-slate-300">— {e.clientName}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      {isOwn && <AskClients />}
    </Card>
  );
}

function AskClients() {
  const requestable = useQuery(api.endorsements.requestable, {});
  const request = useMutation(api.endorsements.request);
  const showError = useErrorToast();
  const { toast } = useToast();
  if (!requestable) return null;
  if (requestable.locked) {
    return (
      <Alert variant="info" title={EndorsementCopy.upgradeTitle} live="off">
        <p>{EndorsementCopy.upgrade}</p>
        <p className="mt-2">
          <TextLink to="/subscribe">Upgrade to Pro Profile</TextLink>
        </p>
      </Alert>
    );
  }
  if (requestable.jobs.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Clients who hire you can be asked for an endorsement here.
      </p>
    );
  }
  return (
    <ul className="space-y-2">
      {requestable.jobs.map((job) => (
        <li key={job.jobId} className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm text-slate-800 dark:text-slate-100">
            {job.title} · {job.clientName}
          </span>
          <ActionButton
            size="sm"
            variant="secondary"
            busyLabel="Asking…"
            onRun={async () => {
              try {
                await request({ jobId: job.jobId });
                toast({ title: `Asked ${job.clientName} for an endorsement`, variant: "success" });
              } catch (error) {
                showError(error, FAILED);
              }
            }}
          >
            Ask for an endorsement<span className="sr-only"> from {job.clientName}</span>
          </ActionButton>
        </li>
      ))}
    </ul>
  );
}

function WriteEndorsement({ endorsementId, jobTitle }: { endorsementId: Id<"endorsements">; jobTitle: string }) {
  const write = useMutation(api.endorsements.write);
  const showError = useErrorToast();
  const { toast } = useToast();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const trimmed = text.trim();
    if (trimmed.length < ENDORSEMENT_LIMITS.min) return setError(EndorsementCopy.tooShort);
    if (trimmed.length > ENDORSEMENT_LIMITS.max) return setError(EndorsementCopy.tooLong);
    setError(undefined);
    setSending(true);
    try {
      await write({ endorsementId, text: trimmed });
      toast({ title: "Thank you for your endorsement", variant: "success" });
    } catch (e) {
      const data = appErrorData(e);
      if (data?.fields?.text) setError(data.fields.text);
      else showError(e, FAILED);
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      noValidate
      aria-label="Write an endorsement"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Textarea
        label={`Endorse their work on "${jobTitle}"`}
        hint={`${ENDORSEMENT_LIMITS.min} to ${ENDORSEMENT_LIMITS.max} characters, shown on their profile with your name.`}
        value={text}
        maxLength={ENDORSEMENT_LIMITS.max}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" loading={sending} loadingText="Sending…">
        Send endorsement
      </Button>
    </form>
  );
}
