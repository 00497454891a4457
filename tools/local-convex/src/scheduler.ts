// Scheduled functions: `runAfter`/`runAt` jobs live in `_scheduled_functions`
// and run on real timers, re-armed from those documents after a restart.
import { convexToJson, jsonToConvex } from "convex/values";
import { currentComponentPath, normalizeUdfPath, tableOfId } from "./context.js";
import type { EngineHost } from "./host.js";
import type { Change } from "./indexes.js";
import type { ConvexGlobal, Doc } from "./internals.js";
import { wrapAsyncSyscall } from "./syscalls.js";

export const SCHEDULED = "_scheduled_functions";
export const MAX_TIMER_MS = 2 ** 31 - 1;

export class Scheduler {
  private timers = new Map<string, NodeJS.Timeout>();
  /** Jobs running now: a commit that shows one still pending (its mutation has not committed yet) must not arm it again. */
  private running = new Set<string>();
  /** Whose `_scheduled_functions` holds each armed job: the app ("") or a component instance (ids are unique across them). */
  private owners = new Map<string, string>();

  constructor(private host: EngineHost) {}

  /**
   * Inserts the job document for a `1.0/schedule` syscall (inside the
   * scheduling transaction), in the `_scheduled_functions` of the component
   * that schedules, as Convex keeps them. A function of a child component
   * (`components.x.f`) or a function handle names its instance; the job
   * records it (`component`) when it is not the scheduler's own.
   */
  schedule(jsonArgs: string): string {
    const { name, functionHandle, reference, args: fnArgs, ts } = JSON.parse(jsonArgs);
    const from = currentComponentPath();
    const target = scheduledTarget({ name, functionHandle, reference }, from);
    const jobId = this.host.dbOf(from)!.insert(SCHEDULED, {
      args: [jsonToConvex(fnArgs)],
      name: target.udfPath,
      ...(target.componentPath !== from ? { component: target.componentPath } : {}),
      scheduledTime: ts * 1000,
      state: { kind: "pending" },
    });
    return JSON.stringify(convexToJson(jobId));
  }

  /** A commit changed job documents: arm pending jobs, disarm the rest. */
  onCommit(changes: Change[]): void {
    for (const [id, , doc, owner] of changes) {
      if (tableOfId(id) !== SCHEDULED) continue;
      if (doc && doc.state?.kind === "pending") {
        this.owners.set(id, owner ?? "");
        this.arm(id, doc.scheduledTime);
      } else {
        this.disarm(id);
        if (!this.running.has(id)) this.owners.delete(id);
      }
    }
  }

  /** After a start: arm pending jobs (a mutation a restart cut off is one: it never committed); an action cut off by a restart is not retried, as on Convex: it failed. */
  rearm(): void {
    const interrupted: string[] = [];
    for (const space of this.host.spaces()) {
      for (const id of this.host.idsOf(SCHEDULED, space.path)) {
        const job = space.db._documents[id];
        if (job?.state?.kind === "pending") {
          this.owners.set(id, space.path);
          this.arm(id, job.scheduledTime);
        } else if (job?.state?.kind === "inProgress") {
          this.owners.set(id, space.path);
          interrupted.push(id);
        }
      }
    }
    for (const id of interrupted) {
      void this.setJobState(id, "inProgress", { state: { kind: "failed" }, completedTime: Date.now() });
    }
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(jobId: string, scheduledTime: number): void {
    this.disarm(jobId);
    if (this.host.closed || this.running.has(jobId)) return;
    const delay = Math.max(0, scheduledTime - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(jobId);
        if (delay >= MAX_TIMER_MS) this.arm(jobId, scheduledTime);
        else void this.run(jobId);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    this.timers.set(jobId, timer);
  }

  private disarm(jobId: string): void {
    const timer = this.timers.get(jobId);
    if (timer) clearTimeout(timer);
    this.timers.delete(jobId);
  }

  private async setJobState(jobId: string, expected: string, patch: Record<string, unknown>): Promise<boolean> {
    return this.host.run(async () => {
      // The app's transaction writes any component's database directly (one transaction spans them).
      const db = this.host.dbOf(this.owners.get(jobId) ?? "");
      if (!db) return false;
      const job = db.get(SCHEDULED, jobId);
      if (!job || job.state?.kind !== expected) return false;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      db.patch(SCHEDULED, jobId, convexToJson(patch as any) as any);
      return true;
    });
  }

  private async run(jobId: string): Promise<void> {
    if (this.host.closed) return;
    const owner = this.owners.get(jobId) ?? "";
    const job = this.host.dbOf(owner)?._documents[jobId];
    if (!job || job.state?.kind !== "pending") return;
    const target = typeof job.component === "string" ? job.component : owner;
    this.running.add(jobId);
    try {
      if (this.host.kindOf(job.name, target) === "mutation") await this.runMutation(jobId, job, owner, target);
      else await this.runAction(jobId, job, target);
    } finally {
      this.running.delete(jobId);
      if (this.host.dbOf(owner)?._documents[jobId]?.state?.kind !== "pending") this.owners.delete(jobId);
    }
  }

  /**
   * Exactly once, as on Convex: the job's success is written in the mutation's
   * own commit, so a crash before that commit leaves the job pending (it runs
   * after the restart) and one after it leaves it done. A job cancelled while
   * the mutation ran keeps none of its writes.
   */
  private async runMutation(jobId: string, job: Doc, owner: string, target: string): Promise<void> {
    const db = this.host.dbOf(owner)!;
    const outcome = await this.host.call(job.name, job.args[0] ?? {}, null, {
      caller: "scheduler",
      componentPath: target,
      beforeCommit: (writesOf, all) => {
        const writes = writesOf(owner);
        const current = writes && jobId in writes ? writes[jobId] : db._documents[jobId];
        if (!writes || current?.state?.kind !== "pending") {
          for (const level of all) for (const id of Object.keys(level)) delete level[id];
          return;
        }
        writes[jobId] = { ...current, state: { kind: "success" }, completedTime: Date.now() };
      },
    });
    if (this.host.closed || outcome.success) return;
    // Its writes were rolled back; the failure is recorded on its own, as Convex does.
    await this.setJobState(jobId, "pending", {
      state: { kind: "failed", error: outcome.errorMessage },
      completedTime: Date.now(),
    });
  }

  /** At most once, as on Convex: in progress first, so an action a restart cut off is failed, not run again. */
  private async runAction(jobId: string, job: Doc, target: string): Promise<void> {
    if (!(await this.setJobState(jobId, "pending", { state: { kind: "inProgress" } }))) return;
    const outcome = await this.host.call(job.name, job.args[0] ?? {}, null, { caller: "scheduler", componentPath: target });
    if (this.host.closed) return;
    await this.setJobState(jobId, "inProgress", {
      state: outcome.success ? { kind: "success" } : { kind: "failed", error: outcome.errorMessage },
      completedTime: Date.now(),
    });
  }
}

/** `ctx.scheduler.runAfter/runAt` write a job document through the scheduler. */
export function patchScheduler(global: ConvexGlobal, scheduler: Scheduler): void {
  wrapAsyncSyscall(global, {
    "1.0/schedule": async (jsonArgs) => scheduler.schedule(jsonArgs),
  });
}

/**
 * The function a `1.0/schedule` (or a function reference) names, resolved from
 * the calling component as convex-test resolves it: a name is the caller's
 * own function, a `_reference/childComponent/<name>/<module path>/<export>`
 * one of its child's, a handle (`function://<component>;<udf path>`) any.
 */
export function scheduledTarget(
  address: { name?: string; functionHandle?: string; reference?: string },
  from: string,
): { componentPath: string; udfPath: string } {
  if (address.functionHandle !== undefined) {
    const [componentPath, udfPath] = String(address.functionHandle).split("function://")[1].split(";");
    return { componentPath, udfPath: normalizeUdfPath(udfPath) };
  }
  if (address.name !== undefined) return { componentPath: from, udfPath: normalizeUdfPath(address.name) };
  if (address.reference !== undefined) {
    const parts = String(address.reference).split("/");
    const child = parts[2];
    const rest = parts.slice(3);
    const exportName = rest.pop();
    return { componentPath: from ? `${from}/${child}` : child, udfPath: `${rest.join("/")}:${exportName}` };
  }
  throw new Error("local-convex: a scheduled function needs a name, a reference or a function handle");
}
