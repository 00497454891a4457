import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { Button, ButtonLink, EmptyState } from "@/components/ui";
import { Modal } from "@/components/ui/Modal";
import { api } from "@/lib/api";
import { relativeTimeLong } from "@/lib/relativeTime";
import { JobCardView } from "@/features/jobs/components/JobCardView";
import { SectionHeading } from "./PersonCard";
import { TakeJobForm } from "./TakeJobForm";
import { nameOf } from "./useNetworkActions";

// Work shared with you: open jobs that professionals whose backup network you are in have shared
// (api.backup.offers, live). "Take this job" bids on it through the referral.

type Offer = FunctionReturnType<typeof api.backup.offers>[number];

export function SharedWork() {
  const offers = useQuery(api.backup.offers, {});
  const [taking, setTaking] = useState<Offer | null>(null);
  // Shown only when something is shared (it appears live).
  if ((offers === undefined || offers.length === 0) && taking === null) return null;
  return (
    <section aria-labelledby="shared-heading">
      <SectionHeading id="shared-heading" title="Work Shared with You">
        Open jobs that professionals in your network passed to their backup network.
      </SectionHeading>
      {offers === undefined || offers.length === 0 ? (
        <EmptyState>This job is no longer shared with you.</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {offers.map((offer) => (
            <li key={offer.referralId}>
              <JobCardView
                job={offer.job}
                actions={
                  <>
                    <ButtonLink
                      to={`/jobs/${offer.job._id}`}
                      variant="secondary"
                      size="sm"
                      aria-label={`View Details: ${offer.job.title}`}
                    >
                      View Details
                    </ButtonLink>
                    <Button size="sm" aria-label={`Take this job: ${offer.job.title}`} onClick={() => setTaking(offer)}>
                      Take this job
                    </Button>
                  </>
                }
              >
                <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100">
                  Shared by <span className="font-semibold">{nameOf(offer.referrer)}</span>{" "}
                  <span className="whitespace-nowrap">{relativeTimeLong(offer.sharedAt)}</span>
                </p>
              </JobCardView>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={taking !== null}
        onClose={() => setTaking(null)}
        title="Take this job"
        description={taking ? `${taking.job.title}, shared by ${nameOf(taking.referrer)}` : undefined}
        size="lg"
      >
        {taking && (
          <TakeJobForm referralId={taking.referralId} jobId={taking.job._id} onCancel={() => setTaking(null)} />
        )}
      </Modal>
    </section>
  );
}
