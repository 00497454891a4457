import { useMutation } from "convex/react";
import { useNavigate } from "react-router-dom";
import { BidForm } from "@/features/jobs/components/BidForm";
import type { Id } from "@/features/jobs/ids";
import { api } from "@/lib/api";
import { NetworkCopy } from "./copy";

// Taking work shared by a backup network: the job page's bid form (bidSchema here and on the
// server), placed through the referral (api.backup.take). Success goes to the job's page.
export function TakeJobForm({
  referralId,
  jobId,
  onCancel,
}: {
  referralId: Id<"referrals">;
  jobId: Id<"jobs">;
  onCancel: () => void;
}) {
  const take = useMutation(api.backup.take);
  const navigate = useNavigate();
  return (
    <BidForm
      jobId={jobId}
      onCancel={onCancel}
      onDone={() => void navigate(`/jobs/${jobId}`)}
      send={{
        label: "Take this job",
        run: (payload) => take({ referralId, ...payload }),
        success: { title: NetworkCopy.takenTitle, description: NetworkCopy.taken },
        failure: { title: NetworkCopy.takeFailedTitle, description: NetworkCopy.takeFailed },
      }}
    />
  );
}
