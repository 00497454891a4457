// Layered overrides of convex-test's syscalls: each concern (reads,
// pagination, scheduler, storage) adds handlers for the ops it owns and
// passes the rest down to the previous layer.
import type { ConvexGlobal } from "./internals.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Next<A, R> = (op: string, args: A) => R;
export type Handlers<A, R> = Record<string, (args: A, next: Next<A, R>) => R>;

function layer<A, R>(previous: Next<A, R>, handlers: Handlers<A, R>): Next<A, R> {
  return (op, args) => {
    const handler = handlers[op];
    return handler ? handler(args, (o, a) => previous(o, a)) : previous(op, args);
  };
}

/** Synchronous syscalls (`1.0/queryStream`, ...), JSON in and out. */
export function wrapSyscall(global: ConvexGlobal, handlers: Handlers<string, string>): void {
  global.syscall = layer(global.syscall, handlers);
}

/** Asynchronous syscalls (`1.0/get`, `1.0/queryPage`, `1.0/schedule`, ...), JSON in and out. */
export function wrapAsyncSyscall(global: ConvexGlobal, handlers: Handlers<string, Promise<string>>): void {
  global.asyncSyscall = layer(global.asyncSyscall, handlers);
}

/** JavaScript-valued syscalls (`storage/storeBlob`, ...). */
export function wrapJsSyscall(global: ConvexGlobal, handlers: Handlers<any, Promise<any>>): void {
  global.jsSyscall = layer(global.jsSyscall, handlers);
}
