import { useQuery } from "convex/react";
import { useEffect, useState, type ReactNode } from "react";
import { Alert, Card, EmptyState, textLinkClasses } from "@/components/ui";
import { api } from "@/lib/api";
import { usePageTitle } from "@/lib/usePageTitle";
import { LoadingScreen } from "@/app/LoadingScreen";

// Local development only: the emails the app would have sent (EMAIL_TRANSPORT=outbox).
// No client function reads them (they hold reset links): the deployment names an
// HTTP route only when it runs locally (devOutbox:location), and the page polls it.

interface OutboxEmail {
  _id: string;
  _creationTime: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
}

const POLL_MS = 2000;

/** The emails at `url`, refreshed every POLL_MS; undefined until the first answer. */
function useOutbox(url: string | null | undefined): OutboxEmail[] | undefined {
  const [state, setState] = useState<{ url: string; messages: OutboxEmail[] } | null>(null);
  useEffect(() => {
    if (!url) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const response = await fetch(url);
        if (response.ok) {
          const body = (await response.json()) as { messages: OutboxEmail[] };
          if (!stopped) setState({ url, messages: body.messages });
        }
      } catch {
        // The runtime restarting: try again on the next tick.
      }
      if (!stopped) timer = setTimeout(() => void load(), POLL_MS);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url]);
  return url && state?.url === url ? state.messages : undefined;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g;

/** Plain text with its http(s) links made clickable. */
export function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    const url = match[0].replace(/[.,;:!?]+$/, "");
    parts.push(
      <a key={start} href={url} className={textLinkClasses}>
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

export function OutboxPage() {
  usePageTitle("Dev Outbox");
  const url = useQuery(api.devOutbox.location, {});
  const fetched = useOutbox(url);
  const messages = fetched ? [...fetched].sort((a, b) => b._creationTime - a._creationTime) : [];

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Dev Outbox</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Emails the app would have sent, newest first. Local development only.
        </p>
      </header>
      {url === null ? (
        <Alert variant="info" live="off" title="Outbox disabled">
          The outbox is only available on a local deployment with EMAIL_TRANSPORT=outbox.
        </Alert>
      ) : fetched === undefined ? (
        <LoadingScreen message="Loading emails..." heading={false} />
      ) : messages.length === 0 ? (
        <EmptyState>No emails yet</EmptyState>
      ) : (
        <ol className="space-y-4" aria-label="Emails">
          {messages.map((message) => (
            <li key={message._id}>
              <Card as="article" aria-labelledby={`email-${message._id}`} className="space-y-3">
                <h2
                  id={`email-${message._id}`}
                  className="text-lg font-semibold break-words text-slate-900 dark:text-white"
                >
                  {message.subject}
                </h2>
                <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[4rem_minmax(0,1fr)]">
                  <dt className="font-medium text-slate-600 dark:text-slate-300">To</dt>
                  <dd className="break-all text-slate-900 dark:text-slate-100">{message.to}</dd>
                  <dt className="font-medium text-slate-600 dark:text-slate-300">Sent</dt>
                  <dd className="text-slate-900 dark:text-slate-100">
                    <time dateTime={new Date(message._creationTime).toISOString()}>
                      {timeFormat.format(message._creationTime)}
                    </time>
                  </dd>
                </dl>
                <div className="rounded-md bg-slate-100 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                  <Linkified text={message.text} />
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
