import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { MILESTONE_LIMITS, milestoneSplitProblem } from "@common/payments";
import { Alert, Button, FormActions, TextField, useToast } from "@/components/ui";
import { api } from "@/lib/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { toUserError } from "@/lib/errors";
import { formatCents } from "./format";

// The owner splits the agreed price into milestones (issue 15), before funding starts: a title and
// an amount each, summing exactly to the price. The same check (common/payments.ts) runs on the
// server; each milestone is then funded and released on its own.

type Row = { title: string; amount: string };
const failure = { title: "Milestones not saved", description: "Please try again." };

/** "$1,200.50" / "1200.5" -> 120050 cents; NaN when it isn't a number. */
const toCents = (amount: string) => (amount.trim() === "" ? NaN : Math.round(Number(amount.replace(/[$,\s]/g, "")) * 100));

export function MilestoneSplitForm({
  jobId,
  totalCents,
  current,
  onDone,
}: {
  jobId: Id<"jobs">;
  totalCents: number;
  /** The split in force, if any: the form starts from it. */
  current: { title: string; amountCents: number }[];
  onDone: () => void;
}) {
  const split = useMutation(api.payments.jobs.splitMilestones);
  const { toast } = useToast();
  const [rows, setRows] = useState<Row[]>(() =>
    current.length > 0
      ? current.map((m) => ({ title: m.title, amount: (m.amountCents / 100).toFixed(2) }))
      : [
          { title: "", amount: "" },
          { title: "", amount: "" },
        ],
  );
  const [problem, setProblem] = useState<{ message: string; field: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const milestones = rows.map((r) => ({ title: r.title, amountCents: toCents(r.amount) }));
  const sum = milestones.reduce((s, m) => s + (Number.isFinite(m.amountCents) ? m.amountCents : 0), 0);

  const change = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = milestoneSplitProblem(milestones, totalCents);
    setProblem(found);
    if (found !== null) return;
    setBusy(true);
    try {
      await split({ jobId, milestones: milestones.map((m) => ({ title: m.title.trim(), amountCents: m.amountCents })) });
      toast({ variant: "success", title: "Milestones saved", description: "Each milestone is funded and released on its own." });
      onDone();
    } catch (e) {
      setProblem({ message: toUserError(e, failure).inline, field: "milestones" });
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <form className="space-y-4" onSubmit={(e) => void send(e)} aria-label="Split into milestones" noValidate>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Split the {formatCents(totalCents)} into up to {MILESTONE_LIMITS.max} milestones. Each is funded and released on its own, in
        order; the work starts once the first is funded.
      </p>
      <ol className="space-y-4">
        {rows.map((row, i) => (
          <li key={i} className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <TextField
              label={`Milestone ${i + 1} title`}
              value={row.title}
              maxLength={MILESTONE_LIMITS.title}
              onChange={(e) => change(i, { title: e.target.value })}
              error={fieldError(`title-${i}`)}
              required
            />
            <TextField
              label={`Milestone ${i + 1} amount ($)`}
              inputMode="decimal"
              value={row.amount}
              onChange={(e) => change(i, { amount: e.target.value })}
              error={fieldError(`amount-${i}`)}
              required
            />
            {rows.length > 1 && (
              <Button type="button" variant="secondary" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
                Remove milestone {i + 1}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {rows.length < MILESTONE_LIMITS.max && (
        <Button type="button" variant="secondary" onClick={() => setRows((all) => [...all, { title: "", amount: "" }])}>
          Add a milestone
        </Button>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
        Adds up to {formatCents(sum)} of {formatCents(totalCents)}
        {sum === totalCents ? "." : `: ${formatCents(Math.abs(totalCents - sum))} ${sum < totalCents ? "left to assign" : "too much"}.`}
      </p>
      {problem?.field === "milestones" && (
        <Alert variant="error" live="assertive">
          {problem.message}
        </Alert>
      )}
      <FormActions submitLabel="Save milestones" loadingText="Saving..." busy={busy} onCancel={onDone} cancelLabel="Not now" />
    </form>
  );
}
