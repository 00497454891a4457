import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { defineApp } from "convex/server";
import counter from "../counter/convex.config";

const app = defineApp();
// One local component installed twice, and one npm component installed twice.
app.use(counter, { env: { COUNTER_LABEL: "first" } });
app.use(counter, { name: "counter2" });
app.use(shardedCounter, { name: "likes" });
app.use(shardedCounter, { name: "views" });
export default app;
