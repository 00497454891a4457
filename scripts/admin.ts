// `npm run admin -- grant|revoke <email>`: makes an existing account an administrator, or
// takes the role away, through the internal functions users:grantAdmin and users:revokeAdmin
// (each recorded in the audit log; the only way to become one:
// sign-up never grants it, and demo data with its demo admin is seeded only on
// a local deployment). Talks to the local runtime (its runtime.json) by
// default, or to any deployment given --url and --admin-key (or CONVEX_URL and
// CONVEX_ADMIN_KEY); on a Convex cloud deployment `npx convex run
// users:grantAdmin '{"email":"..."}'` does the same.
import path from "node:path";
import { parseArgs } from "node:util";
import { internal } from "../convex/_generated/api";
import { adminClient, asAdminCallable, readRuntimeInfo } from "./lib/convex";

const HELP = `Usage: npm run admin -- grant|revoke <email> [--data <dir> | --url <url> --admin-key <key>]

  grant <email>        make the account with this email an administrator
  revoke <email>       take the administrator role from the account with this email
  --data <dir>         data folder of the running local runtime (default .data)
  --url, --admin-key   talk to this deployment instead (or CONVEX_URL, CONVEX_ADMIN_KEY)`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      data: { type: "string" },
      url: { type: "string" },
      "admin-key": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const [command, email] = positionals;
  if ((command !== "grant" && command !== "revoke") || !email) throw new Error(HELP);
  let url = values.url ?? process.env.CONVEX_URL;
  let key = values["admin-key"] ?? process.env.CONVEX_ADMIN_KEY;
  if (!url || !key) {
    const dataDir = path.resolve(values.data ?? process.env.RAFTER_DATA_DIR ?? ".data");
    const info = readRuntimeInfo(dataDir);
    if (!info)
      throw new Error(
        `No running local runtime in ${dataDir} (start it with \`npm start\`), and no --url/--admin-key.`,
      );
    url = info.cloudUrl;
    key = info.adminKey;
  }
  const client = adminClient(url, key);
  if (command === "grant") {
    await client.mutation(asAdminCallable(internal.users.grantAdmin), { email });
    console.log(`${email} is now an administrator.`);
  } else {
    await client.mutation(asAdminCallable(internal.users.revokeAdmin), { email });
    console.log(`${email} is no longer an administrator.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
