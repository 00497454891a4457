// Convex document ids used by the job screens (the app has no alias for convex/).
export type { Id } from "../../../convex/_generated/dataModel";
