import { useMutation, useQuery } from "convex/react";
import { useState, type ReactNode } from "react";
import { useParams } from "react-router-dom";
import { postedAgeLabel } from "@common/jobCatalog";
import { SCRAP_CONTACT_METHODS, ScrapCopy } from "@common/scrap";
import { ActionButton, Alert, Button, ButtonLink, cardClasses, Skeleton, TextLink, useToast } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useErrorToast } from "@/lib/useErrorToast";
import { usePageTitle } from "@/lib/usePageTitle";
import { countdownText, milesText, pickupByText, placeText, useNow, type ScrapDetail } from "./format";
import { PostListingDialog } from "./PostListingDialog";
import { CategoryChip, StatusChip } from "./ScrapCardView";

// /scrap/{id} (issue 17): photos, details, a map-free distance, and what the viewer may do now:
// claim (a pickup hold) or join the waitlist; the claimer's countdown and the lister's contact when
// chosen; the lister confirms pickup or releases the hold (seeing missed pickups), renews, edits,
// marks as gone or deletes. Everything is live: a claim shows on the lister's screen at once.

const actionFailed = { title: "Error", description: "Something went wrong. Please try again." };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={cn(cardClasses, "space-y-3 p-5")}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

function Gallery({ urls, title }: { urls: string[]; title: string }) {
  const [shown, setShown] = useState(0);
  if (urls.length === 0) return null;
  return (
    <div className="space-y-2">
      <img
        src={urls[Math.min(shown, urls.length - 1)]}
        alt={`${title}, photo ${shown + 1} of ${urls.length}`}
        className="aspect-[4/3] w-full rounded-xl object-cover"
      />
      {urls.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Photos">
          {urls.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-pressed={i === shown}
                className={cn(
                  "block size-16 overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                  i === shown ? "border-brand-700 dark:border-brand-300" : "border-transparent",
                )}
              >
                <img src={url} alt="" className="h-full w-full object-cover" />
                <span className="sr-only">Show photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The thread with the lister, its first message drafted with a link to the listing. */
function messageLink(listing: ScrapDetail["listing"]): string {
  const draft = `Hi! I'm interested in your listing "${listing.title}": ${window.location.origin}/scrap/${listing._id}`;
  return `/messages/${listing.lister._id}?draft=${encodeURIComponent(draft)}`;
}

const missed = (n: number) => (n === 0 ? "No missed pickups" : `${n} missed pickup${n === 1 ? "" : "s"}`);

function HoldPanel({ detail }: { detail: ScrapDetail }) {
  const now = useNow();
  const { listing } = detail;
  if (listing.status !== "on_hold" || listing.holdUntil === null) return null;
  const left = countdownText(listing.holdUntil, now);
  return (
    <Alert variant="warning">
      <p className="font-semibold">On hold, pickup by {pickupByText(listing.holdUntil)}</p>
      {(detail.isClaimer || detail.isLister) && (
        <p>
          <span className="font-medium">{left}</span> left{detail.isClaimer ? " to pick it up." : " for the pickup."}
        </p>
      )}
    </Alert>
  );
}

function Actions({ detail, onEdit }: { detail: ScrapDetail; onEdit: () => void }) {
  const { listing, actions } = detail;
  const id = listing._id;
  const { toast } = useToast();
  const report = useErrorToast();
  const claim = useMutation(api.scrap.claim);
  const release = useMutation(api.scrap.release);
  const cancelClaim = useMutation(api.scrap.cancelClaim);
  const confirm = useMutation(api.scrap.confirm);
  const markGone = useMutation(api.scrap.markGone);
  const renew = useMutation(api.scrap.renew);
  const remove = useMutation(api.scrap.remove);
  const join = useMutation(api.scrap.joinWaitlistFor);
  const leave = useMutation(api.scrap.leaveWaitlistFor);
  const [confirming, setConfirming] = useState<null | "remove" | "cancelClaim" | "release">(null);

  const run = (fn: () => Promise<unknown>, done?: { title: string; description: string }) => async () => {
    try {
      await fn();
      if (done) toast({ ...done, variant: "success" });
    } catch (error) {
      report(error, actionFailed);
    }
  };
  const has = (a: (typeof actions)[number]) => actions.includes(a);

  return (
    <div className="flex flex-col gap-3">
      {has("claim") && (
        <>
          <ActionButton
            busyLabel="Claiming..."
            onRun={run(() => claim({ id }), {
              title: "Claimed",
              description: `It's on hold for you for ${detail.holdHours} hours.`,
            })}
          >
            Claim
          </ActionButton>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Holds it for you for {detail.holdHours} hours while you arrange pickup. You hold {detail.viewerHolds} of 3.
          </p>
        </>
      )}
      {detail.canJoinWaitlist && (
        <ActionButton
          variant="secondary"
          busyLabel="Joining..."
          onRun={run(() => join({ id }), {
            title: "On the waitlist",
            description: "If the pickup doesn't happen, it's offered to you next.",
          })}
        >
          Join Waitlist
        </ActionButton>
      )}
      {detail.onWaitlist && (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-200">You're on the waitlist.</p>
          <ActionButton variant="secondary" busyLabel="Leaving..." onRun={run(() => leave({ id }))}>
            Leave Waitlist
          </ActionButton>
        </>
      )}
      {has("confirmPickup") && (
        <ActionButton
          busyLabel="Confirming..."
          onRun={run(() => confirm({ id }), { title: "Pickup confirmed", description: "The listing is closed." })}
        >
          Confirm Pickup
        </ActionButton>
      )}
      {has("release") && (
        <Button variant="secondary" onClick={() => setConfirming("release")}>
          Release Hold
        </Button>
      )}
      {has("cancelClaim") && (
        <Button variant="secondary" onClick={() => setConfirming("cancelClaim")}>
          Cancel My Claim
        </Button>
      )}
      {detail.isLister && listing.status !== "picked_up" && (
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
      )}
      {has("renew") && (
        <ActionButton
          variant="secondary"
          busyLabel="Renewing..."
          onRun={run(() => renew({ id }), { title: "Listing renewed", description: "It stays up for another 30 days." })}
        >
          Renew
        </ActionButton>
      )}
      {has("markGone") && (
        <ActionButton
          variant="secondary"
          busyLabel="Saving..."
          onRun={run(() => markGone({ id }), { title: "Marked as gone", description: "The listing is closed." })}
        >
          Mark as Gone
        </ActionButton>
      )}
      {has("remove") && (
        <Button variant="danger" onClick={() => setConfirming("remove")}>
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirming === "remove"}
        onClose={() => setConfirming(null)}
        title="Delete this listing?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        variant="danger"
        onConfirm={run(() => remove({ id }), { title: "Listing deleted", description: "It no longer shows to anyone." })}
      >
        It disappears from every list, with its photos. This can't be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "release"}
        onClose={() => setConfirming(null)}
        title="Release the hold?"
        confirmLabel="Release Hold"
        busyLabel="Releasing..."
        onConfirm={run(() => release({ id }), { title: "Hold released", description: "The listing is available again." })}
      >
        The member holding it is told, and the next member on the waitlist (if any) gets the hold.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "cancelClaim"}
        onClose={() => setConfirming(null)}
        title="Cancel your claim?"
        confirmLabel="Cancel Claim"
        busyLabel="Cancelling..."
        onConfirm={run(() => cancelClaim({ id }), { title: "Claim cancelled", description: "The lister has been told." })}
      >
        The listing goes back to others (the waitlist first).
      </ConfirmDialog>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-8" role="status" aria-live="polite">
      <span className="sr-only">Loading listing...</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="aspect-[4/3] w-full rounded-xl" />
    </div>
  );
}

export function ScrapDetailPage() {
  const { id = "" } = useParams();
  const detail = useQuery(api.scrap.get, { id });
  const [editing, setEditing] = useState(false);
  usePageTitle(detail ? detail.listing.title : detail === null ? ScrapCopy.notFound : "Materials");
  if (detail === undefined) return <DetailSkeleton />;
  if (detail === null) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{ScrapCopy.notFound}</h1>
        <p className="text-slate-700 dark:text-slate-200">It may have been picked up, expired or deleted.</p>
        <ButtonLink to="/scrap" variant="secondary">
          Browse Materials
        </ButtonLink>
      </div>
    );
  }
  const { listing } = detail;
  const distance = milesText(listing.distanceMiles);
  const contactLabel = SCRAP_CONTACT_METHODS.find((c) => c.value === detail.contact?.kind)?.label;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <TextLink to="/scrap">← All materials</TextLink>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-5">
          <header className="space-y-3">
            <div className="flex flex-wrap gap-2">
              <CategoryChip category={listing.category} />
              <StatusChip card={listing} />
            </div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{listing.title}</h1>
            <p className="text-2xl font-semibold text-brand-800 dark:text-brand-200">{listing.price}</p>
          </header>
          <Gallery urls={detail.photoUrls} title={listing.title} />
          {listing.description && (
            <p className="whitespace-pre-line text-slate-800 dark:text-slate-100">{listing.description}</p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {listing.materialType && (
              <>
                <dt className="font-medium text-slate-600 dark:text-slate-300">Material</dt>
                <dd className="text-slate-900 dark:text-slate-100">{listing.materialType}</dd>
              </>
            )}
            {listing.quantity && (
              <>
                <dt className="font-medium text-slate-600 dark:text-slate-300">Quantity</dt>
                <dd className="text-slate-900 dark:text-slate-100">{listing.quantity}</dd>
              </>
            )}
            <dt className="font-medium text-slate-600 dark:text-slate-300">Pickup at</dt>
            <dd className="text-slate-900 dark:text-slate-100">
              {listing.location}
              <br />
              {placeText(listing)}
              {listing.county ? ` (${listing.county} County)` : ""}
            </dd>
            {distance && !detail.isLister && (
              <>
                <dt className="font-medium text-slate-600 dark:text-slate-300">Distance</dt>
                <dd className="text-slate-900 dark:text-slate-100">{distance.replace("away", "from you")}</dd>
              </>
            )}
            <dt className="font-medium text-slate-600 dark:text-slate-300">Posted</dt>
            <dd className="text-slate-900 dark:text-slate-100">
              {postedAgeLabel(listing._creationTime)} by {detail.isLister ? "you" : listing.lister.name}
            </dd>
            {detail.isLister && (
              <>
                <dt className="font-medium text-slate-600 dark:text-slate-300">Expires</dt>
                <dd className="text-slate-900 dark:text-slate-100">
                  {new Date(listing.expiresAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })}
                </dd>
              </>
            )}
          </dl>
        </div>
        <aside className="space-y-4">
          <HoldPanel detail={detail} />
          {detail.claimer && (
            <Section title="Claimed by">
              <p className="text-slate-900 dark:text-slate-100">
                <span className="font-semibold">{detail.claimer.name}</span>
                <span className="text-sm text-slate-600 dark:text-slate-300"> · {missed(detail.claimer.missedPickups)}</span>
              </p>
              <ButtonLink to={`/messages/${detail.claimer._id}`} variant="secondary" size="sm">
                Message {detail.claimer.name}
              </ButtonLink>
            </Section>
          )}
          {detail.contact && (
            <Section title="Contact the lister">
              <p className="text-slate-900 dark:text-slate-100">
                {contactLabel}: <span className="font-semibold">{detail.contact.value}</span>
              </p>
            </Section>
          )}
          <Section title={detail.isLister ? "Your listing" : "Interested?"}>
            <Actions detail={detail} onEdit={() => setEditing(true)} />
            {!detail.isLister && (
              <ButtonLink to={messageLink(listing)} variant="secondary">
                Message the lister
              </ButtonLink>
            )}
            {listing.status === "picked_up" && <p className="text-slate-700 dark:text-slate-200">Picked up. Thanks for reusing!</p>}
          </Section>
          {detail.isLister && detail.waitlist.length > 0 && (
            <Section title="Waitlist">
              <ol className="list-decimal space-y-1 pl-5 text-slate-900 dark:text-slate-100">
                {detail.waitlist.map((m) => (
                  <li key={m._id}>
                    {m.name} <span className="text-sm text-slate-600 dark:text-slate-300">· {missed(m.missedPickups)}</span>
                  </li>
                ))}
              </ol>
            </Section>
          )}
          {!detail.isLister && detail.waitlistCount > 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {detail.waitlistCount} waiting on the waitlist.
            </p>
          )}
        </aside>
      </div>
      {detail.isLister && <PostListingDialog open={editing} onClose={() => setEditing(false)} editing={detail} />}
    </div>
  );
}
