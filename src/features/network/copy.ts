import { ProfileCopy } from "@common/profile";

// Copy of the network screens. Spec §8 gives the connection toasts (ProfileCopy); the rest is ours.

export const NetworkCopy = {
  title: "Your Network",
  intro: "Connect with trade and property professionals, answer requests, and hand overflow work to people you trust.",
  backupExplainer:
    "Your backup network is the connections you trust with overflow work: when you're busy, share an open job with all of them in one click and they can bid on it.",
  homeownerTitle: "The network is for professionals",
  homeownerText:
    "Your Network is where trade and property professionals connect with each other, refer work and build a backup network. As a property owner you can find, compare and message professionals in the directory.",
  connectionSentTitle: ProfileCopy.connectionSentTitle,
  connectionSent: ProfileCopy.connectionSent,
  errorTitle: "Error",
  connectionFailed: ProfileCopy.connectionFailed,
  acceptedTitle: "Connection Accepted",
  accepted: (name: string) => `You're now connected with ${name}.`,
  declinedTitle: "Request Declined",
  declined: (name: string) => `You declined ${name}'s request.`,
  cancelledTitle: "Request Cancelled",
  cancelled: (name: string) => `Your request to ${name} was withdrawn.`,
  removedTitle: "Connection Removed",
  removed: (name: string) => `${name} is no longer in your network.`,
  backupAddedTitle: "Added to Backup Network",
  backupAdded: (name: string) => `${name} will see the work you share.`,
  backupRemovedTitle: "Removed from Backup Network",
  backupRemoved: (name: string) => `${name} won't see the work you share.`,
  actionFailed: "Something went wrong. Please try again.",
  takenTitle: "Bid Submitted",
  taken: "You took this job from your backup network. The owner sees your bid.",
  takeFailedTitle: "Bid Failed",
  takeFailed: "Failed to submit your bid. Please try again.",
  loadFailedTitle: "Unable to Load Professionals",
  loadFailed: "There was an error loading professionals. Please try again.",
  empty: "No professionals found",
} as const;
