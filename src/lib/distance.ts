import { oneDecimalText } from "@common/enText";

/** "under 1 mi away", "3.4 mi away"; null without a distance. */
export function distanceText(miles: number | null): string | null {
  if (miles === null) return null;
  return miles < 1 ? "under 1 mi away" : `${oneDecimalText(miles)} mi away`;
}
