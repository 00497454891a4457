// Injected (esbuild `inject`) into the bundles of modules without "use node":
// the globals Convex's default runtime has and Node's differ from. Its exports
// replace free references of the same name in those bundles only.
// Convex's runtime: npm-packages/udf-runtime/src/setup.ts (`global.process = { env }`,
// `global.self = global`) in get-convex/convex-backend.

// Not `process`: in this file that name is the injected one too.
const nodeEnv = (Reflect.get(globalThis, "process") as { env: Record<string, string | undefined> }).env;

/**
 * Convex's `process.env`: a proxy that looks each name up when read (the
 * runtime sets values after modules load, and `--watch` keeps them), with no
 * own keys (`Object.keys(process.env)` is `[]` there, `"X" in process.env`
 * false) and writes that are never read back, as on Convex.
 */
/** The runtime's hook (engine.ts): the running component's own environment, or null in the app's functions. */
const COMPONENT_ENV = Symbol.for("local-convex:componentEnv");
/** What a deployment sets for every function, a component's included. */
const SYSTEM = new Set(["CONVEX_CLOUD_URL", "CONVEX_SITE_URL"]);

const env = new Proxy<Record<string, string | undefined>>(
  {},
  {
    get(target, prop, receiver) {
      if (typeof prop !== "string") return Reflect.get(target, prop, receiver);
      // A component sees the values its parent passed (`use(x, {env})`), not the deployment's.
      const scoped = (Reflect.get(globalThis, COMPONENT_ENV) as (() => Record<string, string> | null) | undefined)?.();
      const value = scoped && !SYSTEM.has(prop) ? scoped[prop] : nodeEnv[prop];
      // Convex's console prints the object through this.
      if (value === undefined && prop === "inspect") return () => "[process.env]";
      return value;
    },
  },
);

/** Convex's `process` has `env` and nothing else (no `cwd`, `version`, `platform`, `nextTick`...). */
const process = { env };

/** Convex defines `self` as the global object (Node 20 has no `self`). */
const self = globalThis;

export { process, self };
