// `npm run seed -- [options]`: seed demo data into a running local runtime
// (started by `npm start` or `npm run local-convex`), e.g. at larger sizes for
// benchmarks. Idempotent: rows already there are skipped, so running it again
// (or with a larger size) only adds what is missing.
import path from "node:path";
import { parseArgs } from "node:util";
import { adminClient, isRuntimeUp, readRuntimeInfo } from "./lib/convex";
import { DEFAULT_JOB_COUNT, GENERATOR_ORDER } from "../convex/seed/data";
import { countUsers, DEFAULT_COUNTS, DEMO_PASSWORD, demoAccountLines, formatCounts, runSeed } from "./lib/seed";

const HELP = `Usage: npm run seed -- [options]

  --size <n>           n users in all: 3/4 professionals, 1/4 homeowners
                       (default ${DEFAULT_COUNTS.professionals + DEFAULT_COUNTS.homeowners}: ${DEFAULT_COUNTS.professionals} and ${DEFAULT_COUNTS.homeowners})
  --professionals <n>  number of professionals (overrides --size's share)
  --homeowners <n>     number of homeowners (overrides --size's share)
  --jobs <n>           demo jobs posted by the seeded homeowners (default ${DEFAULT_JOB_COUNT})
  --seed <n>           generator seed (default: the fixed demo seed; same seed, same data)
  --data <dir>         data folder of the running runtime (default .data); its runtime.json
                       gives the URL and admin key
  --url <url> --admin-key <key>
                       talk to this runtime instead of reading runtime.json
  --stats              only print the user counts
  -h, --help           show this help

The three demo accounts are created too (password ${DEMO_PASSWORD}) if missing.`;

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number (got ${value}).`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      size: { type: "string" },
      professionals: { type: "string" },
      homeowners: { type: "string" },
      jobs: { type: "string" },
      seed: { type: "string" },
      data: { type: "string" },
      url: { type: "string" },
      "admin-key": { type: "string" },
      stats: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const dataDir = path.resolve(values.data ?? ".data");
  const info = values.url ? null : readRuntimeInfo(dataDir);
  const url = values.url ?? info?.cloudUrl;
  const adminKey = values["admin-key"] ?? info?.adminKey;
  if (!url || !adminKey) {
    throw new Error(
      `No runtime has run on ${dataDir} (no runtime.json). Start one with \`npm start\`, or pass --url and --admin-key.`,
    );
  }
  if (!(await isRuntimeUp(url))) {
    throw new Error(
      `No local runtime answers at ${url}. Start it with \`npm start\` (or \`npm run local-convex\`) first.`,
    );
  }
  const client = adminClient(url, adminKey);

  if (!values.stats) {
    const size = count("size", values.size);
    const professionals =
      count("professionals", values.professionals) ?? (size !== undefined ? Math.round(size * 0.75) : undefined);
    const homeowners =
      count("homeowners", values.homeowners) ?? (size !== undefined ? size - Math.round(size * 0.75) : undefined);
    const seed = count("seed", values.seed);
    const jobs = count("jobs", values.jobs);
    console.log(
      `Seeding ${url}: ${professionals ?? DEFAULT_COUNTS.professionals} professionals, ` +
        `${homeowners ?? DEFAULT_COUNTS.homeowners} homeowners, ${jobs ?? DEFAULT_JOB_COUNT} jobs, demo accounts...`,
    );
    const result = await runSeed(client, { professionals, homeowners, jobs, seed });
    const kinds = [
      ...GENERATOR_ORDER,
      ...Object.keys(result.inserted).filter((k) => !(GENERATOR_ORDER as string[]).includes(k)),
    ];
    for (const kind of kinds.filter((k) => k in result.inserted)) {
      console.log(`  ${kind}: ${result.inserted[kind]} inserted, ${result.skipped[kind]} already there`);
    }
    console.log(
      `  demo accounts: ${result.demoAccountsCreated.length ? `created ${result.demoAccountsCreated.join(", ")}` : "already there"}`,
    );
    console.log(`Done in ${(result.ms / 1000).toFixed(1)} s.`);
  }
  console.log(formatCounts(await countUsers(client)));
  if (!values.stats) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const line of demoAccountLines()) console.log(`  ${line}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
