// A local component, laid out as Convex lays them out (convex/components/<name>/:
// a folder with its own convex.config.ts is not part of the app's functions):
// its own schema, functions, scheduler and crons, and a component of its own
// (each instance of it gets its own).
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import { defineComponent } from "convex/server";
import { v } from "convex/values";

const component = defineComponent("counter", { env: { COUNTER_LABEL: v.optional(v.string()) } });
component.use(shardedCounter, { name: "inner" });
export default component;
