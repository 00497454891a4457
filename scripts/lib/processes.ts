// Child processes for `npm start`: each child's output prefixed with its
// name, the last lines kept for error reports, every child stopped on
// Ctrl-C, and any child that dies by itself reported.
import { spawn, type ChildProcess } from "node:child_process";

const useColor = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const COLORS = { cyan: 36, magenta: 35, green: 32, yellow: 33, red: 31, bold: 1, dim: 2 } as const;
export type Color = keyof typeof COLORS;

export function paint(color: Color, text: string): string {
  return useColor ? `\u001b[${COLORS[color]}m${text}\u001b[0m` : text;
}

/** `[start]` lines: what this script itself says. */
export function say(message: string, color?: Color): void {
  const text = color ? paint(color, message) : message;
  for (const line of text.split("\n")) process.stdout.write(`${paint("green", "[start]")} ${line}\n`);
}

export interface ChildSpec {
  /** Shown as the line prefix, e.g. `convex` gives `[convex] ...`. */
  name: string;
  color: Color;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Rewrites (or, returning null, hides) an output line before it is printed. */
  rewrite?: (line: string) => string | null;
  /** Sees every output line (before rewriting), e.g. to spot a ready message. */
  onLine?: (line: string) => void;
  /** A task that is expected to finish (a build); a service is expected to run until stopped. */
  task?: boolean;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class Child {
  readonly proc: ChildProcess;
  readonly tail: string[] = [];
  readonly exited: Promise<ExitInfo>;
  exit: ExitInfo | null = null;

  constructor(readonly spec: ChildSpec) {
    this.proc = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ["ignore", "pipe", "pipe"] });
    const prefix = paint(spec.color, `[${spec.name}]`);
    const attach = (stream: NodeJS.ReadableStream) => {
      let buffer = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split(/\r?\n/);
        buffer = lines.pop()!;
        for (const line of lines) this.line(prefix, line);
      });
      stream.on("end", () => {
        if (buffer) this.line(prefix, buffer);
        buffer = "";
      });
    };
    attach(this.proc.stdout!);
    attach(this.proc.stderr!);
    this.exited = new Promise((resolve) => {
      this.proc.once("error", (error) => {
        this.tail.push(`could not start ${spec.command}: ${error.message}`);
        this.exit = { code: -1, signal: null };
        resolve(this.exit);
      });
      this.proc.once("close", (code, signal) => {
        this.exit ??= { code, signal };
        resolve(this.exit);
      });
    });
  }

  private line(prefix: string, raw: string) {
    // eslint-disable-next-line no-control-regex
    const plain = raw.replace(/\u001b\[[0-9;]*m/g, "");
    this.spec.onLine?.(plain);
    const shown = this.spec.rewrite ? this.spec.rewrite(raw) : raw;
    if (shown === null) return;
    // eslint-disable-next-line no-control-regex
    this.tail.push(shown.replace(/\u001b\[[0-9;]*m/g, ""));
    if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    process.stdout.write(`${prefix} ${shown}\n`);
  }

  get running(): boolean {
    return this.exit === null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  describeExit(): string {
    const e = this.exit;
    if (!e) return "is still running";
    return e.signal ? `was killed by ${e.signal}` : `exited with code ${e.code}`;
  }

  lastLines(count = 20): string {
    const lines = this.tail.slice(-count);
    return lines.length ? lines.map((l) => `    ${l}`).join("\n") : "    (no output)";
  }
}

export class Supervisor {
  private children = new Set<Child>();
  stopping = false;

  /** `onDeath` is called when a service exits while nothing asked it to. */
  constructor(private onDeath: (child: Child) => void) {
    // Last resort: never leave children behind, even on an uncaught error.
    process.once("exit", () => {
      for (const child of this.children) if (child.running) child.proc.kill("SIGKILL");
    });
  }

  spawn(spec: ChildSpec): Child {
    const child = new Child(spec);
    this.children.add(child);
    void child.exited.then(() => {
      if (spec.task || this.stopping) return;
      // Ctrl-C reaches the children and this script together: give the
      // signal handler a moment to mark the shutdown before calling it a crash.
      setTimeout(() => {
        if (!this.stopping) this.onDeath(child);
      }, 300);
    });
    return child;
  }

  /** Runs a task to completion; rejects with its last output if it fails. */
  async run(spec: ChildSpec): Promise<void> {
    const child = this.spawn({ ...spec, task: true });
    const exit = await child.exited;
    this.children.delete(child);
    if (exit.code !== 0) {
      throw new ChildFailed(child);
    }
  }

  /** SIGTERM to every child still running, SIGKILL after `graceMs`. */
  async stopAll(graceMs = 8000): Promise<void> {
    this.stopping = true;
    const running = [...this.children].filter((c) => c.running);
    for (const child of running) child.proc.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const child of running) {
        if (child.running) {
          say(`${child.spec.name} did not stop within ${graceMs / 1000} s; killing it`, "yellow");
          child.proc.kill("SIGKILL");
        }
      }
    }, graceMs);
    await Promise.all(running.map((c) => c.exited));
    clearTimeout(timer);
  }
}

export class ChildFailed extends Error {
  constructor(readonly child: Child) {
    super(`${child.spec.name} ${child.describeExit()}`);
  }
}
