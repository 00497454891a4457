import { useQuery } from "convex/react";
import { useSyncExternalStore } from "react";
import { useSession } from "@/app/session";
import { api } from "@/lib/api";
import type { Id } from "../../../convex/_generated/dataModel";

// "Acting as: me / <Business>" for Enterprise team members. The choice is kept in this browser;
// the server decides whether it holds (convex/model/teams.ts actingFor): it is used only while the
// member's seat is active and the business's team is not paused, and every call that passes it is
// checked again there.

const KEY = "rafter.actingFor";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function setActingFor(businessId: string | null): void {
  try {
    if (businessId === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, businessId);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

export interface Acting {
  /** The business the member acts for now, or undefined: acting as themself. */
  actingFor: Id<"users"> | undefined;
  business: { _id: Id<"users">; name: string } | null;
  /** The member's seat is still loading while a choice is stored: wait before querying. */
  pending: boolean;
}

export function useActing(): Acting {
  const session = useSession();
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const membership = useQuery(api.teams.membership, session.status === "signedIn" ? {} : "skip");
  const seat = membership?.seat ?? null;
  const business = seat !== null && !seat.suspended && stored === seat.business._id ? seat.business : null;
  return {
    actingFor: business?._id,
    business,
    pending: stored !== null && session.status === "signedIn" && membership === undefined,
  };
}

/** Query args with the business the member acts for, or "skip" while that is still loading. */
export function withActing<A extends object>(acting: Acting, args: A): (A & { actingFor?: Id<"users"> }) | "skip" {
  if (acting.pending) return "skip";
  return acting.actingFor ? { ...args, actingFor: acting.actingFor } : args;
}
