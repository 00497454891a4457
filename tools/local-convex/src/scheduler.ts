// Scheduled functions: `runAfter`/`runAt` jobs live in `_scheduled_functions`
// and run on real timers, re-armed from those documents after a restart.
import { convexToJson, jsonToConvex } from "convex/values";
import { tableOfId } from "./context.js";
import type { EngineHost } from "./host.js";
import type { ConvexGlobal, Doc } from "./internals.js";
import { wrapAsyncSyscall } from "./syscalls.js";

export const SCHEDULED = "_scheduled_functions";
export const MAX_TIMER_MS = 2 ** 31 - 1;

export class Scheduler {
  private timers = new Map<string, NodeJS.Timeout>();
  /** Jobs running now: a commit that shows one still pending (its mutation has not committed yet) must not arm it again. */
  private running = new Set<string>();

  constructor(private host: EngineHost) {}

  /** Inserts the job document for a `1.0/schedule` syscall (inside the scheduling transaction). */
  schedule(jsonArgs: string): string {
    const { name, functionHandle, reference, args: fnArgs, ts } = JSON.parse(jsonArgs);
    if (reference !== undefined && name === undefined && functionHandle === undefined) {
      throw new Error("local-convex: scheduling functions of components is not supported");
    }
    const udfPath = functionHandle ? String(functionHandle).split(";")[1] : name;
    const jobId = this.host.db.insert(SCHEDULED, {
      args: [jsonToConvex(fnArgs)],
      name: udfPath,
      scheduledTime: ts * 1000,
      state: { kind: "pending" },
    });
    return JSON.stringify(convexToJson(jobId));
  }

  /** A commit changed job documents: arm pending jobs, disarm the rest. */
  onCommit(changed: [string, Doc | null][]): void {
    for (const [id, doc] of changed) {
      if (tableOfId(id) !== SCHEDULED) continue;
      if (doc && doc.state?.kind === "pending") this.arm(id, doc.scheduledTime);
      else this.disarm(id);
    }
  }

  /** After a start: arm pending jobs (a mutation a restart cut off is one: it never committed); an action cut off by a restart is not retried, as on Convex: it failed. */
  rearm(): void {
    const interrupted: string[] = [];
    for (const id of this.host.idsOf(SCHEDULED)) {
      const job = this.host.db._documents[id];
      if (job?.state?.kind === "pending") this.arm(id, job.scheduledTime);
      else if (job?.state?.kind === "inProgress") interrupted.push(id);
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
      const db = this.host.db;
      const job = db.get(SCHEDULED, jobId);
      if (!job || job.state?.kind !== expected) return false;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      db.patch(SCHEDULED, jobId, convexToJson(patch as any) as any);
      return true;
    });
  }

  private async run(jobId: string): Promise<void> {
    if (this.host.closed) return;
    const job = this.host.db._documents[jobId];
    if (!job || job.state?.kind !== "pending") return;
    this.running.add(jobId);
    try {
      if (this.host.kindOf(job.name) === "mutation") await this.runMutation(jobId, job);
      else await this.runAction(jobId, job);
    } finally {
      this.running.delete(jobId);
    }
  }

  /**
   * Exactly once, as on Convex: the job's success is written in the mutation's
   * own commit, so a crash before that commit leaves the job pending (it runs
   * after the restart) and one after it leaves it done. A job cancelled while
   * the mutation ran keeps none of its writes.
   */
  private async runMutation(jobId: string, job: Doc): Promise<void> {
    const db = this.host.db;
    const outcome = await this.host.call(job.name, job.args[0] ?? {}, null, {
      caller: "scheduler",
      beforeCommit: (writes) => {
        const current = jobId in writes ? writes[jobId] : db._documents[jobId];
        if (current?.state?.kind !== "pending") {
          for (const id of Object.keys(writes)) delete writes[id];
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
  private async runAction(jobId: string, job: Doc): Promise<void> {
    if (!(await this.setJobState(jobId, "pending", { state: { kind: "inProgress" } }))) return;
    const outcome = await this.host.call(job.name, job.args[0] ?? {}, null, { caller: "scheduler" });
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
