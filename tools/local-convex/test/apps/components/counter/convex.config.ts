// A local component (outside the app's functions folder, as a package's
// dist/component is): its own schema, functions, scheduler and crons, and a
// component of its own (each instance of it gets its own).
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { defineComponent } from "convex/server";
import { v } from "convex/values";

const component = defineComponent("counter", { env: { COUNTER_LABEL: v.optional(v.string()) } });
component.use(shardedCounter, { name: "inner" });
export default component;
