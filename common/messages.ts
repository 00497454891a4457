// Messaging rules shared by the message form and the Convex functions (spec §5 "Message send", §8).
export const MESSAGE_MAX_LENGTH = 2000;
/** Per sender: at most this many messages per window. */
export const MESSAGE_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;
/** How long an "is typing" signal lasts without a new keystroke. */
export const TYPING_TTL_MS = 5000;

export const MessageCopy = {
  /** How a banned or deleted member reads in the other side's inbox and thread (issue 29). */
  formerMember: "Former member",
  noRecipient: "No recipient selected",
  empty: "Please enter a message",
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`,
  self: "You can't send a message to yourself.",
  recipientNotFound: "That member could not be found.",
  blocked: "You can't send messages to this member.",
  rateLimited: "You're sending messages too quickly. Please wait a moment and try again.",
  sendFailedTitle: "Error",
  sendFailed: (message: string) => `Failed to send message: ${message}`,
  empty_inbox: "No conversations yet",
  selectConversation: "Select a conversation",
} as const;

/** The spec's check before sending: trimmed text and a recipient; returns the message to show, or null. */
export function messageProblem(recipient: string | null | undefined, content: string): string | null {
  if (!recipient) return MessageCopy.noRecipient;
  const text = content.trim();
  if (!text) return MessageCopy.empty;
  if (text.length > MESSAGE_MAX_LENGTH) return MessageCopy.tooLong;
  return null;
}
