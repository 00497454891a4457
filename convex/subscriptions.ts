// The subscription functions live with the rest of billing in payments/subscriptions.ts. Their paths
// are wire protocol (api.subscriptions.* from released clients and REST callers), so they stay
// registered here too.
export { checkout, listings, mine, portal } from "./payments/subscriptions";
