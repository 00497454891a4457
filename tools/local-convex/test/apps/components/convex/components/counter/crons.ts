import { cronJobs, makeFunctionReference } from "convex/server";

// A component's own cron: runs its own function.
const crons = cronJobs();
crons.interval("tick", { seconds: 2 }, makeFunctionReference<"mutation">("lib:tick"));
export default crons;
