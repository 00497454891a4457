import { useQuery } from "convex/react";
import { categoryLabel } from "@common/professions";
import { Alert, TextLink } from "@/components/ui";
import { api } from "@/lib/api";

/**
 * Basic lists one service (spec §6): a professional who offers more is told which one quote
 * requests are matched in, and how to list the rest. Shown only when the limit is met.
 */
export function ListingLimitNotice() {
  const listings = useQuery(api.payments.subscriptions.listings, {});
  if (!listings || listings.offered.length <= listings.listed.length) return null;
  const hidden = listings.offered.filter((c) => !listings.listed.includes(c));
  return (
    <Alert variant="info" title="One service listing on Basic">
      Quote requests and the directory's category search match you in{" "}
      {listings.listed.map(categoryLabel).join(", ") || "one service"} only. Your {hidden.map(categoryLabel).join(", ")}{" "}
      {hidden.length === 1 ? "service is" : "services are"} kept on your profile but not matched.{" "}
      <TextLink to="/subscribe">Upgrade to Pro Profile</TextLink> to list every service.
    </Alert>
  );
}
