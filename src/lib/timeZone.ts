/** The member's own zone, sent with queries that count by calendar (earnings "this month"). */
export const BROWSER_TIME_ZONE: string = Intl.DateTimeFormat().resolvedOptions().timeZone;
