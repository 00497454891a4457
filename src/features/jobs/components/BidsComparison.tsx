import { useMutation } from "convex/react";
import { useState } from "react";
import { formatBidPrice } from "@common/jobCatalog";
import { ButtonLink, cardClasses, EmptyState, TextField } from "@/components/ui";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { JobCopy } from "../copy";
import { TeamCopy } from "@common/teams";
import { BID_STATUS_TEXT, capitalize, dayText, distanceText, plural, responseTimeText, type BidView } from "../format";
import { useJobAction } from "../hooks/useJobAction";
import { ActionButton } from "@/components/ui/ActionButton";
import { StarIcon, Tag } from "./Badges";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";

/** The comparison table's columns (then the actions). */
const COLUMNS = ["Professional", "Price", "Rating", "Distance", "Response", "Start", "Duration", "Status"] as const;

const bidStatusStyles: Record<string, string> = {
  accepted: "border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100",
  declined: "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
  active: "",
};

function BidStatus({ status }: { status: string }) {
  return <Tag className={bidStatusStyles[status]}>{BID_STATUS_TEXT[status] ?? status}</Tag>;
}

function Verified({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 font-medium text-green-800 dark:text-green-300">
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
        <path d="M10 1l2.4 1.8 3 .1.9 2.8 2.4 1.8-.9 2.9.9 2.8-2.4 1.8-.9 2.8-3 .1L10 19l-2.4-1.8-3-.1-.9-2.8L1.3 12.5l.9-2.9-.9-2.8 2.4-1.8.9-2.8 3-.1L10 1zm-1.2 12.2l5.3-5.3-1.1-1.1-4.2 4.2-2-2-1.1 1.1 3.1 3.1z" />
      </svg>
      Verified
    </span>
  ) : (
    <span className="text-slate-600 dark:text-slate-300">Not verified</span>
  );
}

function Rating({ bid }: { bid: BidView }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <StarIcon />
      {bid.professional.rating.toFixed(1)}{" "}
      <span className="text-slate-600 dark:text-slate-300">({plural(bid.professional.reviewCount, "review")})</span>
    </span>
  );
}

function shortDistance(miles: number | null): string {
  if (miles === null) return "Unknown";
  return miles < 1 ? "under 1 mi" : `${miles.toLocaleString("en-US", { maximumFractionDigits: 1 })} mi`;
}

function Availability({ available }: { available: boolean }) {
  return (
    <span className={available ? "text-green-800 dark:text-green-300" : "text-amber-800 dark:text-amber-300"}>
      {available ? "Available" : "Busy"}
    </span>
  );
}

interface BidActionsProps {
  bid: BidView;
  canRespond: boolean;
  onAccept: (bid: BidView) => void;
}

function BidActions({ bid, canRespond, onAccept }: BidActionsProps) {
  const decline = useMutation(api.bids.decline);
  const runAction = useJobAction();
  const name = bid.professional.name;
  return (
    <div className="flex flex-wrap gap-2">
      {canRespond && bid.status === "active" && (
        <>
          <AcceptButton onClick={() => onAccept(bid)} label="Accept" name={name} />
          <ActionButton
            variant="secondary"
            size="sm"
            busyLabel="Declining..."
            onRun={() =>
              runAction(() => decline({ bidId: bid._id }), {
                title: JobCopy.bidDeclinedTitle,
                description: JobCopy.bidDeclined(name),
              })
            }
          >
            Decline<span className="sr-only"> bid from {name}</span>
          </ActionButton>
        </>
      )}
      <ButtonLink to={`/messages?user=${bid.professional._id}`} variant="ghost" size="sm">
        Message<span className="sr-only"> {name}</span>
      </ButtonLink>
    </div>
  );
}

/** The Accept button only opens the confirmation; the hiring happens there. */
function AcceptButton({ onClick, label, name }: { onClick: () => void; label: string; name: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-9 items-center justify-center rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-brand-950 dark:hover:bg-brand-200"
    >
      {label}
      <span className="sr-only"> bid from {name}</span>
    </button>
  );
}

/**
 * The owner's view of the bids: compared side by side (a table from md up, stacked cards on
 * phones), Accept (with a confirmation) and Decline per open bid, and a Message link.
 */
export function BidsComparison({ bids, canRespond }: { bids: BidView[]; canRespond: boolean }) {
  const accept = useMutation(api.bids.accept);
  const runAction = useJobAction();
  // The bid stays set while the dialog closes, so its text does not change mid-animation.
  const [accepting, setAccepting] = useState<BidView | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [price, setPrice] = useState("");
  const askToAccept = (bid: BidView) => {
    setAccepting(bid);
    setConfirmOpen(true);
  };
  const shown = accepting;

  if (bids.length === 0) {
    return (
      <EmptyState title="No bids yet">
        Professionals near you are told about your job. New bids appear here as they arrive.
      </EmptyState>
    );
  }

  const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-200";
  const td = "px-3 py-3 align-top text-sm text-slate-900 dark:text-slate-100";

  return (
    <>
      {/* Desktop and tablets: one row per bid, so prices and terms line up. */}
      <div className={cn(cardClasses, "relative hidden overflow-x-auto md:block")}>
        <table className="w-full min-w-[56rem] border-collapse">
          <caption className="sr-only">Bids on this job, compared</caption>
          <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={th}>
                  {column}
                </th>
              ))}
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {bids.map((bid) => (
              <tr key={bid._id} className={cn(bid.status === "declined" && "opacity-80")}>
                <th scope="row" className={cn(td, "w-72 min-w-56 text-left font-normal")}>
                  <p className="font-semibold">{bid.professional.name}</p>
                  {bid.placedBy && (
                    <p className="text-sm text-slate-600 dark:text-slate-300">{TeamCopy.placedBy(bid.placedBy)}</p>
                  )}
                  {bid.professional.profession && (
                    <p className="text-slate-600 dark:text-slate-300">
                      {capitalize(bid.professional.profession.replace(/_/g, " "))}
                    </p>
                  )}
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    <Verified verified={bid.professional.verified} />
                    <Availability available={bid.professional.available} />
                  </p>
                  <p className="mt-2 line-clamp-4 text-slate-700 dark:text-slate-200">“{bid.message}”</p>
                </th>
                <td className={cn(td, "font-semibold whitespace-nowrap")}>
                  {formatBidPrice(bid.priceMin, bid.priceMax ?? undefined)}
                </td>
                <td className={td}>
                  <Rating bid={bid} />
                </td>
                <td className={cn(td, "whitespace-nowrap")}>{shortDistance(bid.professional.distanceMiles)}</td>
                <td className={cn(td, "whitespace-nowrap")}>{responseTimeText(bid.responseMs)}</td>
                <td className={cn(td, "whitespace-nowrap")}>{dayText(bid.earliestStart)}</td>
                <td className={td}>{bid.estimatedDuration}</td>
                <td className={td}>
                  <BidStatus status={bid.status} />
                </td>
                <td className={td}>
                  <BidActions bid={bid} canRespond={canRespond} onAccept={askToAccept} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: one card per bid. */}
      <ul className="space-y-4 md:hidden">
        {bids.map((bid) => (
          <li key={bid._id} className={cn(cardClasses, "space-y-3 p-4")}>
            <div className="flex items-start justify-between gap-3">
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{bid.professional.name}</h3>
                {bid.placedBy && (
                  <p className="text-sm text-slate-600 dark:text-slate-300">{TeamCopy.placedBy(bid.placedBy)}</p>
                )}
                {bid.professional.profession && (
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {capitalize(bid.professional.profession.replace(/_/g, " "))}
                  </p>
                )}
              </div>
              <BidStatus status={bid.status} />
            </div>
            <p className="text-2xl font-bold text-slate-900 dark:text-white">
              {formatBidPrice(bid.priceMin, bid.priceMax ?? undefined)}
            </p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {(
                [
                  ["Rating", <Rating key="r" bid={bid} />],
                  ["Verified", <Verified key="v" verified={bid.professional.verified} />],
                  ["Availability", <Availability key="a" available={bid.professional.available} />],
                  ["Distance", distanceText(bid.professional.distanceMiles) ?? "Unknown"],
                  ["Response", responseTimeText(bid.responseMs)],
                  ["Start", dayText(bid.earliestStart)],
                  ["Duration", bid.estimatedDuration],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
                  <dd className="text-slate-900 dark:text-slate-100">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-slate-700 dark:text-slate-200">“{bid.message}”</p>
            <BidActions bid={bid} canRespond={canRespond} onAccept={askToAccept} />
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={shown ? `Hire ${shown.professional.name}?` : "Hire?"}
        confirmLabel="Hire"
        busyLabel="Hiring..."
        cancelLabel="Not yet"
        onConfirm={async () => {
          if (!accepting) return;
          const name = accepting.professional.name;
          const ranged = accepting.priceMax !== null && accepting.priceMax > accepting.priceMin;
          // A range left blank is settled later by the pro's final quote, never by its top.
          const priceCents = ranged && price.trim() !== "" ? Math.round(Number(price) * 100) : undefined;
          await runAction(() => accept({ bidId: accepting._id, ...(priceCents !== undefined ? { priceCents } : {}) }), {
            title: JobCopy.bidAcceptedTitle,
            description: JobCopy.bidAccepted(name),
          });
        }}
      >
        {shown && (
          <p>
            Hire {shown.professional.name} for {formatBidPrice(shown.priceMin, shown.priceMax ?? undefined)}? Other bids
            will be declined. You then fund the agreed price, and Rafter holds it until you approve the work.
            {shown.priceMax !== null && shown.priceMax > shown.priceMin &&
              ` Agree a price in the range now, or leave it blank and ${shown.professional.name} confirms a final quote in it before you fund.`}
          </p>
        )}
        {shown && shown.priceMax !== null && shown.priceMax > shown.priceMin && (
          <TextField
            className="mt-4"
            label="Price you agree to pay ($, optional)"
            hint={`A point in the bid's range, ${formatBidPrice(shown.priceMin, shown.priceMax)}: it's fixed once you hire. Blank: the professional confirms a final quote.`}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
