// local-convex: run a Convex app's functions offline. See ../README.md.
import { parseArgs } from "node:util";
import { parseFetchRoutes } from "./fetchRoutes.js";
import { parseLimits } from "./limits.js";
import { codegen } from "./loader.js";
import { startRuntime } from "./runtime.js";

/** The environment variable the client-address token comes in (see HELP). */
const FORWARDED_FOR_TOKEN_ENV = "LOCAL_CONVEX_FORWARDED_FOR_TOKEN";

const HELP = `Usage: local-convex [options]

  --functions <dir>   Convex functions folder (default ./convex)
  --data <dir>        data folder (default ./.data)
  --host <host>       interface to listen on (default 127.0.0.1)
  --port <n>          deployment port: client protocol, HTTP API, storage (default 3210; 0 = any free port)
  --site-port <n>     HTTP actions port, the CONVEX_SITE_URL (default 3211; 0 = any free port)
  --site-url <url>    the frontend origin, used as SITE_URL if the environment lacks one
  --env-path <file>   environment for the functions (default ./.env.local; the process environment wins)
  --watch             reload functions when files in the functions folder change
  --no-codegen        do not regenerate <functions>/_generated on start
  --codegen-only      regenerate <functions>/_generated (with \`components\`) and exit
  --reset             wipe the data folder first (the only way data is ever deleted)
  --quiet             do not log each function call
  --route-fetch <from=to>  send the functions' fetch of an address prefix to another (repeatable;
                      {site} in <to> is the site URL), for stand-ins of outside APIs:
                      --route-fetch https://api.resend.com/={site}/dev/resend/
  --limit <name=n>    a stricter transaction limit than Convex's (repeatable): bytesRead, documentsRead,
                      databaseQueries, bytesWritten, documentsWritten, functionMs, documentBytes, arrayLength
  -h, --help          show this help

Environment:
  LOCAL_CONVEX_FORWARDED_FOR_TOKEN  a random secret (32+ characters): requests carrying it in the
                      X-Local-Convex-Forward-Token header may give their client address in
                      X-Forwarded-For (the e2e tests: one address per test). Unset: X-Forwarded-For
                      is never believed, and every client is the address it connects from.`;

async function main() {
  const { values } = parseArgs({
    options: {
      functions: { type: "string" },
      data: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      "site-port": { type: "string" },
      "site-url": { type: "string" },
      "env-path": { type: "string" },
      watch: { type: "boolean" },
      "no-codegen": { type: "boolean" },
      "codegen-only": { type: "boolean" },
      reset: { type: "boolean" },
      quiet: { type: "boolean" },
      limit: { type: "string", multiple: true },
      "route-fetch": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values["codegen-only"]) {
    await codegen(values.functions ?? "convex");
    return;
  }
  // Read here and removed, so the functions (which see process.env) never see it.
  const forwardedForToken = process.env[FORWARDED_FOR_TOKEN_ENV] || null;
  delete process.env[FORWARDED_FOR_TOKEN_ENV];
  const runtime = await startRuntime({
    functionsDir: values.functions,
    dataDir: values.data,
    host: values.host,
    port: values.port !== undefined ? Number(values.port) : undefined,
    sitePort: values["site-port"] !== undefined ? Number(values["site-port"]) : undefined,
    siteUrl: values["site-url"],
    envFile: values["env-path"],
    watch: values.watch,
    codegen: !values["no-codegen"],
    reset: values.reset,
    logFunctionCalls: !values.quiet,
    limits: parseLimits(values.limit ?? []),
    fetchRoutes: parseFetchRoutes(values["route-fetch"] ?? []),
    forwardedForToken,
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(String(e?.message ?? e).split("\n")[0]);
  process.exit(1);
});
