// The Convex components this app installs (each keeps its own tables and is
// reached only through `components.<name>` from our functions).
import migrations from "@convex-dev/migrations/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import resend from "@convex-dev/resend/convex.config";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import workpool from "@convex-dev/workpool/convex.config";
import { defineApp } from "convex/server";

const app = defineApp();
app.use(resend);
app.use(rateLimiter);
app.use(shardedCounter);
// Two pools, so a burst of one kind of work never starves the other.
app.use(workpool, { name: "paymentsPool" });
app.use(workpool, { name: "fanoutPool" });
app.use(migrations);

export default app;
