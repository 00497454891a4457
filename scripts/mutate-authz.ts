// Mutation testing over the authorization checks (issue 29): shows the authz matrix
// (convex/authz.test.ts) has teeth. Every ownership or role check in convex/ is found, removed
// in turn (in a copy of the repository, never here), and the matrix is run for the functions the
// mutated file can reach; a mutant is killed when the matrix fails. Survivors are listed, and
// those explained in EXPLAINED below (not a check, or defence in depth behind another check)
// are reported apart from the unexplained ones, which make the run fail.
//
//   npm run mutate:authz                      every mutant, one at a time
//   npm run mutate:authz -- --list            the mutants only, nothing run
//   npm run mutate:authz -- --only scrap,x.ts:9 mutants whose file:line contains one of these
//   npm run mutate:authz -- --wide            also every equality with the caller's id outside a
//                                             guard made true (isOwner = ...; many are display flags)
//
// Not part of `npm test`: it runs the matrix once per mutant (about half a minute each).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

export interface Mutant {
  /** e.g. convex/scrap.ts:110 */
  where: string;
  file: string;
  line: number;
  /** What was removed, in words. */
  what: string;
  /** The file's text with the check removed. */
  mutated: string;
  /** Where in the file the removed check starts. */
  offset: number;
}

/**
 * Survivors that are not holes, with the reason: `file:line-text` must contain `match`.
 * A check here is either not an authorization check (a display flag, an exclusion from a
 * suggestion list) or defence in depth behind another check the matrix does kill.
 */
const EXPLAINED: { file: string; match: string; reason: string }[] = [
  // Not authorization checks: what a member's own action does to themself.
  { file: "convex/messages.ts", match: "other._id === viewer._id) return null", reason: "not a check: there is no thread with oneself" },
  { file: "convex/model/insights.ts", match: "profile._id === viewer._id", reason: "not a check: one's own profile views are not counted" },
  { file: "convex/model/socialNotifications.ts", match: "=== ownerId", reason: "not a check: nobody is notified of their own action" },
  { file: "convex/model/timeline.ts", match: "viewerId === authorId", reason: "not a check: one's own events are not shown back to one" },
  { file: "convex/model/teams.ts", match: "businessId === viewer._id", reason: "not a check: acting for oneself is acting as oneself" },
  { file: "convex/model/scrap.ts", match: "listing.claimerId === member._id) return", reason: "not a check: the holder joining the waitlist is a no-op" },
  { file: "convex/model/scrap.ts", match: "actorId !== null", reason: "system-only scrap transitions (expiry): no public function passes one, so nothing reaches the guard" },
  { file: "convex/model/jobs.ts", match: "if (!system)", reason: "system-only job transitions: jobs:act's validator admits no system action, so nothing reaches the guard" },
  { file: "convex/model/jobPhotos.ts", match: "photoStatus", reason: "a state check (the shoot is scheduled), not ownership" },
  { file: "convex/model/files.ts", match: "row.uploaderId !== viewer._id) return", reason: "not a refusal: releasing a file one didn't upload leaves it alone; no public function releases a file the caller names" },
  { file: "convex/model/cleanup.ts", match: "role", reason: "the cleanup's selection (admins are never swept), not a caller check" },
  // Defence in depth: another check the matrix does kill refuses first.
  { file: "convex/accountDeletion.ts", match: "account mismatch", reason: "defence in depth: the password is checked against the caller's own email (emailOf(viewerId)), so the account found is theirs" },
  { file: "convex/accountDeletion.ts", match: "email === null", reason: "defence in depth: a member without an email has no password account, and the check that follows refuses them" },
  { file: "convex/payments/jobs.ts", match: "sideOf(payment, viewer._id) === null", reason: "defence in depth: paymentOfJobX(ctx, jobId, ..., viewer._id) already refuses a non-party" },
  { file: "convex/model/jobs.ts", match: "job.customerId === user._id", reason: "defence in depth: jobs are posted by homeowners and only professionals bid or take photo requests, refused just before" },
  { file: "convex/model/jobs.ts", match: "job.contractorId === user._id", reason: "defence in depth: the hired professional is refused the photo request by the photographer-profession check first" },
  { file: "convex/model/endorsements.ts", match: "job.contractorId !== pro._id", reason: "defence in depth: endorsements:request refuses a job that isn't the caller's done work before this model check" },
  { file: "convex/model/bans.ts", match: "role", reason: "banning another admin: the world has one admin, whose own case refuseOwnCase refuses first (gap: a second admin)" },
  { file: "convex/payments/local.ts", match: "!isLocalPayments()", reason: "a deployment gate (local payments only, issue 29 finding 1), not ownership; the sessions' ownership checks are killed" },
  { file: "convex/payments/model/payments.ts", match: "actor.kind !== \"system\"", reason: "system-only payment transitions: no public function passes a system actor" },
  { file: "convex/payments/model/payments.ts", match: "actor.kind !== \"member\"", reason: "member-only payment transitions run by the system: no public function passes a system actor" },
  { file: "convex/payments/subscriptions.ts", match: "billing === null", reason: "defence in depth: a signed-in caller (checked just before) always has a billing row" },
  { file: "convex/users.ts", match: "user.role", reason: "not a check: the internal grant/revoke-admin CLI functions skip a no-op" },
  { file: "convex/settings.ts", match: "account mismatch", reason: "defence in depth: as accountDeletion, the password is checked against the caller's own email" },
  { file: "convex/settings.ts", match: "email === null", reason: "defence in depth: as accountDeletion, a member without an email has no password to change" },
  // Gaps: the world has no such case yet.
  { file: "convex/scrap.ts", match: "listing.claimerId !== viewer._id", reason: "gap: a closed listing's page; the world's listing is open (on hold)" },
  { file: "convex/model/scrap.ts", match: "listing.userId === actorId", reason: "gap: the lister claiming their own available listing; the world's listing is on hold, refused as such first" },
  { file: "convex/users.ts", match: "viewer.userType !== \"professional\"", reason: "gap: users:setAvailability takes no id, so the matrix has no homeowner rule for it" },
  { file: "convex/payments/model/payments.ts", match: "rows.length > 1", reason: "gap: a job split into milestones; the world's funded jobs have one" },
  { file: "convex/portfolio.ts", match: "galleryNotYours", reason: "gap: portfolio:reorder's plan gate (assertCanBrand) refuses the strangers first: none has a plan with branding" },
  { file: "convex/bids.ts", match: "job.customerId === member._id", reason: "gap: a team member bidding for their business on a job they posted; the world has no such member" },
  { file: "convex/model/insights.ts", match: "canSeeLeadInsights", reason: "gap: a plan gate (Lead Insights), tested in insights.test.ts; the matrix's strangers share one plan" },
  { file: "convex/model/teams.ts", match: "canHaveTeam", reason: "gap: a plan and suspension gate for team seats, tested in teams.test.ts; the world has no lapsed business" },
  { file: "convex/model/teams.ts", match: "isHiddenMember(business)", reason: "gap: acting for a banned or deleted business, tested in teams.test.ts" },
  { file: "convex/payments/jobs.ts", match: "!me.professional", reason: "gap: payouts for professionals only; connectPayouts and refreshPayouts take no id, so the matrix has no homeowner rule for them" },
];

// ---------------------------------------------------------------------------
// Finding the checks.

/** The caller's id as the code names it. */
const CALLER =
  String.raw`(?:ctx\.)?viewer\._id|(?:ctx\.)?viewerId|\b(?:me|actor|caller|owner|pro|client|reviewer|claimer|member|user|admin|viewer)\._id|\bactorId\b`;
/** One side of a comparison: a dotted name, optionally with ?. and a trailing call-free path. */
const OPERAND = String.raw`[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*`;
const COMPARISON = new RegExp(String.raw`(${OPERAND})\s*(===|!==)\s*(${OPERAND})`, "g");
const CALLER_ONLY = new RegExp(String.raw`^(?:${CALLER})$`);
const ROLE = /(\b[\w$.?]+\.role)\s*(===|!==)\s*"admin"/g;
/** What a guard does when its condition holds: refuse or answer nothing. */
const REFUSAL =
  /^\s*(?:\{\s*)?(?:forbidden\(|notFound\(|notSignedIn\(|invalidToken\(|refuse\(|throw\b|fail\(ErrorCode\.(?:FORBIDDEN|NOT_FOUND|NOT_AUTHENTICATED)|return\b)/;

/** The index just past the parenthesis matching the one at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

interface Guard {
  /** Offsets of the condition inside the parentheses. */
  start: number;
  end: number;
  /** The condition's consequent refuses (or answers nothing). */
  refuses: boolean;
  /** It refuses with FORBIDDEN (a role or ownership check however it is spelled). */
  forbids: boolean;
}

/** `if (...)` guards in the text, with what their consequent does. */
function guardsOf(text: string): Guard[] {
  const guards: Guard[] = [];
  for (const m of text.matchAll(/\bif\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closingParen(text, open);
    if (close < 0) continue;
    const after = text.slice(close, close + 200);
    const consequent = after.replace(/^\s*\{\s*(?:\/\/[^\n]*\n\s*)*/, "");
    const refuses = REFUSAL.test(after) || REFUSAL.test(consequent);
    const forbids = /^\s*(?:forbidden\(|fail\(ErrorCode\.FORBIDDEN|return \{ code: ErrorCode\.FORBIDDEN)/.test(consequent);
    guards.push({ start: open + 1, end: close - 1, refuses, forbids });
  }
  return guards;
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

/** Every check in one file's text, each as a mutant that removes it. */
export function mutantsOf(file: string, text: string, options: { wide?: boolean } = {}): Mutant[] {
  const out: Mutant[] = [];
  const seen = new Set<string>();
  const add = (start: number, end: number, replacement: string, what: string) => {
    const key = `${start}:${end}`;
    if (seen.has(key)) return;
    seen.add(key);
    const line = lineOf(text, start);
    out.push({ where: `${file}:${line}`, file, line, what, offset: start, mutated: text.slice(0, start) + replacement + text.slice(end) });
  };
  // Comments are not code: blank them (same length, so offsets hold) before matching.
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, " "));
  const guards = guardsOf(code);
  const guardAt = (offset: number) => guards.find((g) => g.start <= offset && offset < g.end && g.refuses);

  // 1. Comparisons of an id with the caller's: a guard's is made false (the refusal never
  //    happens); elsewhere an equality is made true (everyone is the owner).
  for (const m of code.matchAll(COMPARISON)) {
    const [whole, left, op, right] = m as unknown as [string, string, string, string];
    if (!CALLER_ONLY.test(left) && !CALLER_ONLY.test(right)) continue;
    if (right === "null" || right === "undefined" || left === "null") continue;
    const guard = guardAt(m.index);
    if (guard) add(m.index, m.index + whole.length, "false", `${whole.trim()} no longer refuses`);
    else if (op === "===" && options.wide) add(m.index, m.index + whole.length, "true", `${whole.trim()} holds for everyone`);
  }
  // 2. Role checks.
  for (const m of code.matchAll(ROLE)) {
    const guard = guardAt(m.index);
    if (guard) add(m.index, m.index + m[0].length, "false", `${m[0]} no longer refuses`);
    else if (m[2] === "===" && options.wide) add(m.index, m.index + m[0].length, "true", `${m[0]} holds for everyone`);
  }
  // 3. Sessions: a token counts only while its session lives and belongs to its user.
  for (const m of code.matchAll(/!\(await isSessionLive\([^)]*\)\)|session\?\.userId !== userId/g)) {
    add(m.index, m.index + m[0].length, "false", `${m[0]} no longer refuses`);
  }
  // 4. Sign-in checks (viewerX, actions' viewerId), and any other guard refusing with
  //    FORBIDDEN whose condition held no caller comparison above (can*, is*, owner helpers).
  for (const g of guards) {
    if (!g.refuses) continue;
    const condition = code.slice(g.start, g.end);
    const after = code.slice(g.end + 1, g.end + 120);
    const signIn = /notSignedIn\(|NOT_AUTHENTICATED/.test(after) && /=== null/.test(condition);
    const covered = out.some((mu) => mu.offset >= g.start && mu.offset < g.end);
    if (signIn) add(g.start, g.end, "false", `sign-in check (${condition.trim()}) removed`);
    else if (g.forbids && !covered) add(g.start, g.end, "false", `FORBIDDEN guard (${condition.trim()}) removed`);
  }
  // 5. Calls of the check helpers that refuse on their own.
  for (const m of code.matchAll(/(?<!function )\brefuseOwnCase\([^;]*\);/g)) add(m.index, m.index + m[0].length, "", `${m[0]} removed`);
  return out;
}

/** convex/ files that hold checks: the deployment's code, not its tests, generated code or seed data. */
function checkedFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "convex"], { cwd: ROOT, encoding: "utf8" });
  return listed
    .split("\n")
    .filter((f) => f.endsWith(".ts") && existsSync(join(ROOT, f)))
    .filter((f) => !/\.test\.ts$|\.setup\.ts$|^convex\/_generated\/|^convex\/seed\/|^convex\/http\//.test(f))
    // Data, not code (model/zipData.ts).
    .filter((f) => statSync(join(ROOT, f)).size < 200_000);
}

// ---------------------------------------------------------------------------
// Which functions a file can reach: its module and every module that imports it or names its
// functions (internal.x.y / api.x.y), transitively. The matrix runs for those only.

function moduleOf(file: string): string {
  return relative(join(ROOT, "convex"), join(ROOT, file)).replace(/\.ts$/, "");
}

function reachers(files: string[]): Map<string, Set<string>> {
  const usedBy = new Map<string, Set<string>>();
  const edge = (from: string, to: string) => {
    if (!usedBy.has(to)) usedBy.set(to, new Set());
    usedBy.get(to)!.add(from);
  };
  const all = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "convex"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && existsSync(join(ROOT, f)));
  for (const file of all) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const from = moduleOf(file);
    for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g)) {
      const target = relative(join(ROOT, "convex"), resolve(dirname(join(ROOT, file)), m[1] ?? m[2]!)).replace(/\.[jt]s$/, "");
      edge(from, target);
    }
    for (const m of text.matchAll(/\b(?:internal|api)\.((?:[\w$]+\.)+)[\w$]+/g)) edge(from, m[1]!.slice(0, -1).replace(/\./g, "/"));
    for (const m of text.matchAll(/makeFunctionReference<[^>]*>\(\s*"([\w/]+):/g)) edge(from, m[1]!);
  }
  const out = new Map<string, Set<string>>();
  for (const file of files) {
    const start = moduleOf(file);
    const reached = new Set([start]);
    const queue = [start];
    while (queue.length) {
      for (const next of usedBy.get(queue.pop()!) ?? []) {
        if (reached.has(next)) continue;
        reached.add(next);
        queue.push(next);
      }
    }
    out.set(file, reached);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Running.

/** A copy of the repository's tracked and new files, with this one's node_modules. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "mutate-authz-"));
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && existsSync(join(ROOT, f)) && f !== "node_modules");
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/**
 * Runs the matrix in `dir` for `modules` (all when undefined): passes, or fails a test (killed).
 * A run that fails without a failed test (a file that no longer loads) says so.
 */
function matrixPasses(
  dir: string,
  modules: Set<string> | undefined,
): { passes: boolean; failedTest: boolean; ms: number; output: string } {
  const started = Date.now();
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--config", "vitest.config.ts", "convex/authz.test.ts", "--bail=1", "--reporter=dot"],
    {
      cwd: dir,
      encoding: "utf8",
      // Not CI: there, the snapshots of the functions left out would count as obsolete and fail the run.
      env: { ...process.env, CI: "", ...(modules ? { AUTHZ_MODULES: [...modules].join(",") } : {}) },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // eslint-disable-next-line no-control-regex
  const output = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
  return { passes: run.status === 0, failedTest: /Tests\s+\d+ failed/.test(output), ms: Date.now() - started, output };
}

function explained(m: Mutant, text: string): string | undefined {
  const lineText = text.split("\n")[m.line - 1] ?? "";
  return EXPLAINED.find((e) => e.file === m.file && lineText.includes(e.match))?.reason;
}

function main() {
  const args = process.argv.slice(2);
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const files = checkedFiles();
  const originals = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), "utf8")]));
  const mutants = files
    .flatMap((f) => mutantsOf(f, originals.get(f)!, { wide: args.includes("--wide") }))
    .filter((m) => only === undefined || only.split(",").some((o) => m.where.includes(o)));
  if (args.includes("--list")) {
    for (const m of mutants) console.log(`${m.where}  ${m.what}`);
    console.log(`${mutants.length} mutants`);
    return;
  }
  const reach = reachers([...new Set(mutants.map((m) => m.file))]);
  const dir = scratchCopy();
  try {
    const baseline = matrixPasses(dir, undefined);
    if (!baseline.passes) {
      console.error(baseline.output.slice(-4000));
      throw new Error("The matrix fails before any mutation: fix that first.");
    }
    console.log(`baseline: the matrix passes (${(baseline.ms / 1000).toFixed(0)}s); ${mutants.length} mutants`);
    const survivors: { m: Mutant; reason: string | undefined }[] = [];
    let killed = 0;
    const broken: Mutant[] = [];
    const started = Date.now();
    for (const [i, m] of mutants.entries()) {
      const target = join(dir, m.file);
      writeFileSync(target, m.mutated);
      let result;
      try {
        result = matrixPasses(dir, reach.get(m.file));
      } finally {
        writeFileSync(target, originals.get(m.file)!);
      }
      const verdict = result.passes ? "SURVIVED" : result.failedTest ? "killed" : "broken";
      if (result.passes) survivors.push({ m, reason: explained(m, originals.get(m.file)!) });
      else if (result.failedTest) killed++;
      else {
        broken.push(m);
        console.log(result.output.slice(-1500));
      }
      console.log(`[${i + 1}/${mutants.length}] ${verdict.padEnd(8)} ${m.where}  ${m.what}  (${(result.ms / 1000).toFixed(0)}s)`);
    }
    const unexplained = survivors.filter((s) => s.reason === undefined);
    console.log(
      `\n${mutants.length} mutants: ${killed} killed, ${survivors.length} survived (${survivors.length - unexplained.length} explained), ` +
        `${broken.length} broke the run without a failed test, in ${((Date.now() - started) / 60_000).toFixed(1)} min`,
    );
    for (const m of broken) console.log(`  broken ${m.where}  ${m.what}`);
    for (const s of survivors) console.log(`  survived ${s.m.where}  ${s.m.what}\n    ${s.reason ?? "UNEXPLAINED: add a rule to the matrix, or explain it in EXPLAINED"}`);
    if (unexplained.length > 0 || broken.length > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
