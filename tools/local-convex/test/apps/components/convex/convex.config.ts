import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import workpool from "@convex-dev/workpool/convex.config";
import { defineApp } from "convex/server";
import { v } from "convex/values";
import counter from "./components/counter/convex.config";

const app = defineApp({ env: { COUNTER_SECRET: v.optional(v.string()) } });
// One local component installed twice (given its environment by value, and by
// reference to the deployment's), and one npm component installed twice.
app.use(counter, { env: { COUNTER_LABEL: "first" } });
app.use(counter, { name: "counter2", env: { COUNTER_LABEL: app.env.COUNTER_SECRET } });
app.use(shardedCounter, { name: "likes" });
app.use(shardedCounter, { name: "views" });
// A component that installs one (batchWorker, with an env value), schedules its own
// functions and calls back into the app's through function handles.
app.use(workpool, { name: "pool" });
export default app;
