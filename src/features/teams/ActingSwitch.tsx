import { useQuery } from "convex/react";
import { useId } from "react";
import { TeamCopy } from "@common/teams";
import type { Viewer } from "@/app/session";
import { api } from "@/lib/api";
import { setActingFor, useActing } from "./acting";

/**
 * "Acting as: me / <Business>" in the bar under the header, for members of an Enterprise team.
 * A paused team (the business left Enterprise) says so instead of offering the business.
 */
export function ActingSwitch({ viewer }: { viewer: Viewer }) {
  const membership = useQuery(api.teams.membership, {});
  const acting = useActing();
  const id = useId();
  const seat = membership?.seat;
  if (!seat) return null;
  if (seat.suspended) {
    return (
      <p role="status" className="text-sm">
        {TeamCopy.memberSuspended(seat.business.name)}
      </p>
    );
  }
  const me = `Me (${[viewer.firstName, viewer.lastName].filter(Boolean).join(" ") || viewer.email})`;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium">
        {TeamCopy.actingAs}
      </label>
      <select
        id={id}
        value={acting.actingFor ?? ""}
        onChange={(e) => setActingFor(e.target.value || null)}
        className="min-h-11 rounded-md border border-slate-500 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-400 dark:bg-slate-900 dark:text-white"
      >
        <option value="">{me}</option>
        <option value={seat.business._id}>{seat.business.name}</option>
      </select>
    </div>
  );
}
