// Crons: the default export of `crons.ts` (convex-test ignores it), on real
// timers in UTC; last runs survive restarts in `<data>/crons.json`.
import { jsonToConvex } from "convex/values";
import { Cron } from "croner";
import type { EngineHost } from "./host.js";
import type { Persistence } from "./persistence.js";
import { MAX_TIMER_MS } from "./scheduler.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type CronState = Record<string, { lastRun: number; spec: string }>;

/** The next run after `lastRun` (or the first run when `lastRun` is null). */
export function nextCronRun(schedule: any, lastRun: number | null, now: number): number {
  const utc = (pattern: string) => {
    const from = new Date(Math.max(lastRun ?? now, now - 1) + 1);
    const next = new Cron(pattern, { timezone: "UTC" }).nextRun(from);
    if (!next) throw new Error(`local-convex: cron pattern '${pattern}' never fires`);
    return next.getTime();
  };
  const m = schedule.minuteUTC ?? 0;
  switch (schedule.type) {
    case "interval": {
      const ms = ((schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600) * 1000;
      // Runs once when deployed, then every interval.
      return lastRun === null ? now : Math.max(now, lastRun + ms);
    }
    case "hourly":
      return utc(`${m} * * * *`);
    case "daily":
      return utc(`${m} ${schedule.hourUTC} * * *`);
    case "weekly": {
      const days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
      return utc(`${m} ${schedule.hourUTC} * * ${days.indexOf(String(schedule.dayOfWeek).toLowerCase())}`);
    }
    case "monthly":
      return utc(`${m} ${schedule.hourUTC} ${schedule.day} * *`);
    case "cron":
      return utc(schedule.cron);
    default:
      throw new Error(`local-convex: unknown cron schedule type '${schedule.type}'`);
  }
}

export class Crons {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private host: EngineHost,
    private persistence: Persistence,
  ) {}

  private state(): CronState {
    return this.persistence.readJson("crons.json") ?? {};
  }

  /**
   * Arms every cron of each instance's `crons` (the app's, and each
   * component's own crons.ts, which run that component's functions); a cron
   * whose spec is unchanged keeps its last run. A component's are kept as
   * `<component path>/<name>`.
   */
  start(tables: { componentPath: string; crons: Record<string, any> }[]): void {
    const state = this.state();
    const next: CronState = {};
    for (const { componentPath, crons } of tables) {
      for (const [name, cron] of Object.entries<any>(crons)) {
        const key = componentPath ? `${componentPath}/${name}` : name;
        const spec = JSON.stringify(cron);
        const prior = state[key]?.spec === spec ? state[key] : undefined;
        if (prior) next[key] = prior;
        this.arm(key, componentPath, cron, prior?.lastRun ?? null);
      }
    }
    this.persistence.writeJson("crons.json", next);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  private arm(key: string, componentPath: string, cron: any, lastRun: number | null): void {
    if (this.host.closed) return;
    const at = nextCronRun(cron.schedule, lastRun, Date.now());
    const timer = setTimeout(
      async () => {
        if (Date.now() < at) return this.arm(key, componentPath, cron, lastRun); // long delays are chunked
        const ranAt = Date.now();
        const state = this.state();
        state[key] = { lastRun: ranAt, spec: JSON.stringify(cron) };
        this.persistence.writeJson("crons.json", state);
        this.host.logCall(`cron '${key}' -> ${cron.name}`);
        await this.host.call(cron.name, jsonToConvex(cron.args?.[0] ?? {}), null, { caller: `cron ${key}`, componentPath });
        this.timers = this.timers.filter((t) => t !== timer);
        this.arm(key, componentPath, cron, ranAt);
      },
      Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS),
    );
    this.timers.push(timer);
  }
}
