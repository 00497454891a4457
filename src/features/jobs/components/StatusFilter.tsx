import { JOB_STATUSES } from "@common/jobCatalog";
import { Select } from "@/components/ui";
import { capitalize, statusLabel } from "../format";

const statusOptions = JOB_STATUSES.map((s) => ({ value: s, label: capitalize(statusLabel(s)) }));

/** The job lists' "Status" filter ("" is every status). */
export function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <Select
      label="Status"
      placeholder="All statuses"
      options={statusOptions}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
