import type { OptimisticUpdate } from "convex/browser";
import { insertAtTop, useMutation } from "convex/react";
import type { FunctionArgs } from "convex/server";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { MESSAGE_MAX_LENGTH, MessageCopy, messageProblem } from "@common/messages";
import { useViewer } from "@/app/session";
import { Button } from "@/components/ui";
import { StrokeIcon } from "@/components/ui/Icon";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import type { ErrorCopy } from "@/lib/errors";
import { useErrorToast } from "@/lib/useErrorToast";
import type { Id } from "../../../convex/_generated/dataModel";
import { OPTIMISTIC_PREFIX } from "./optimistic";
import { useActing } from "@/features/teams/acting";

/** "Is typing" is sent at most this often while the user types. */
const TYPING_EVERY_MS = 2000;
/**
 * The first "is typing" of a message goes this long after its first keystroke: a message sent
 * sooner (a quick "ok", a paste) sends none, so the other side sees the message without a flash of
 * "is typing…", and the server does not commit a typing row (and its cleanup) beside the send.
 */
const TYPING_DELAY_MS = 400;
const SEND_ICON = "M4 12 20 4l-6 16-3-7zM11 13l9-9";
const sendFailedCopy = {
  title: MessageCopy.sendFailedTitle,
  description: "Please try again.",
  format: MessageCopy.sendFailed,
} satisfies ErrorCopy;

/** The optimistic bubble: the message at the bottom of the thread until the server's copy arrives. */
function showSending(senderId: Id<"users">, writer: string): OptimisticUpdate<FunctionArgs<typeof api.messages.send>> {
  return (store, args) => {
    const now = Date.now();
    insertAtTop({
      paginatedQuery: api.messages.thread,
      argsToMatch: { otherUserId: args.receiverId, ...(args.actingFor ? { actingFor: args.actingFor } : {}) },
      localQueryStore: store,
      item: {
        _id: `${OPTIMISTIC_PREFIX}${now}` as Id<"messages">,
        _creationTime: now,
        senderId,
        content: args.content.trim(),
        mine: true,
        sentBy: args.actingFor ? writer : null,
      },
    });
  };
}

/**
 * The message form (spec §2, §4, §8): Enter sends, Shift+Enter is a new line; an empty text or a
 * missing recipient is refused with the spec's message; a failed send shows the toast
 * 'Error' / 'Failed to send message: {server message}' and keeps the text; a sent one clears it.
 */
export function Composer({ otherUserId, otherName }: { otherUserId: string; otherName: string }) {
  const viewer = useViewer();
  const showError = useErrorToast();
  // ?draft= starts the text (e.g. "Message the lister" on a scrap listing links the listing); nothing is sent by itself.
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get("draft")?.slice(0, MESSAGE_MAX_LENGTH) ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const typingSentAt = useRef(0);
  /** The first "is typing" of a message, waiting for TYPING_DELAY_MS. */
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errorId = useId();

  // A team member acting for the business writes as the business (model/teams.ts).
  const { actingFor } = useActing();
  const send = useMutation(api.messages.send).withOptimisticUpdate(
    showSending(actingFor ?? viewer._id, `${viewer.firstName} ${viewer.lastName}`.trim()),
  );
  const setTyping = useMutation(api.messages.setTyping);

  const cancelTyping = useCallback(() => {
    if (typingTimer.current === null) return;
    clearTimeout(typingTimer.current);
    typingTimer.current = null;
  }, []);
  const stopTyping = useCallback(() => {
    cancelTyping();
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    setTyping({ otherUserId, typing: false, actingFor }).catch(() => undefined);
  }, [otherUserId, setTyping, actingFor, cancelTyping]);
  // Leaving the thread ends "is typing".
  useEffect(() => stopTyping, [stopTyping]);

  const onChange = (value: string) => {
    setText(value);
    if (problem) setProblem(null);
    if (!value.trim()) {
      stopTyping();
      return;
    }
    if (typingTimer.current !== null) return;
    const signal = () => {
      typingSentAt.current = Date.now();
      setTyping({ otherUserId, typing: true, actingFor }).catch(() => undefined);
    };
    if (typingSentAt.current === 0) {
      typingTimer.current = setTimeout(() => {
        typingTimer.current = null;
        signal();
      }, TYPING_DELAY_MS);
    } else if (Date.now() - typingSentAt.current >= TYPING_EVERY_MS) signal();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const refused = messageProblem(otherUserId, text);
    if (refused) {
      setProblem(refused);
      input.current?.focus();
      return;
    }
    setSending(true);
    // The server clears "is typing" with the send; one not sent yet is not sent.
    cancelTyping();
    typingSentAt.current = 0;
    // The box empties at once (the message shows as sending), so what is typed next while the
    // send is on its way is kept; a failed send puts the text back unless a new one was started.
    const content = text;
    setText("");
    try {
      await send({ receiverId: otherUserId, content, actingFor });
    } catch (error) {
      setText((current) => (current.trim() ? current : content));
      showError(error, sendFailedCopy);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const nearLimit = text.length > MESSAGE_MAX_LENGTH * 0.9;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="border-t border-slate-200 p-2 sm:p-3 dark:border-slate-700"
      aria-label={`Send a message to ${otherName}`}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="message-input" className="sr-only">
          Message {otherName}
        </label>
        <textarea
          id="message-input"
          ref={input}
          rows={1}
          value={text}
          placeholder="Type a message…"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => stopTyping()}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          className={cn(
            "block max-h-40 min-h-11 w-full resize-none rounded-xl border bg-white px-3 py-2.5 text-base text-slate-900 [field-sizing:content] placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400",
            problem ? "border-red-700 dark:border-red-400" : "border-slate-500",
          )}
        />
        <Button type="submit" loading={sending} className="shrink-0 rounded-xl" aria-label="Send">
          {!sending && <StrokeIcon d={SEND_ICON} className="size-5" />}
          <span className="hidden sm:inline" aria-hidden="true">
            Send
          </span>
        </Button>
      </div>
      <div className="flex justify-between gap-2 px-1">
        {problem ? (
          <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {problem}
          </p>
        ) : (
          <p className="mt-1 hidden text-xs text-slate-600 sm:block dark:text-slate-300">
            Enter to send, Shift+Enter for a new line
          </p>
        )}
        {nearLimit && (
          <p
            className={cn(
              "mt-1 ml-auto text-xs tabular-nums",
              text.length > MESSAGE_MAX_LENGTH
                ? "font-semibold text-red-700 dark:text-red-300"
                : "text-slate-600 dark:text-slate-300",
            )}
          >
            {text.length.toLocaleString("en-US")} / {MESSAGE_MAX_LENGTH.toLocaleString("en-US")}
          </p>
        )}
      </div>
    </form>
  );
}
