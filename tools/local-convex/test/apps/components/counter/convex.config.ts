// A local component (outside the app's functions folder, as a package's
// dist/component is): its own schema, functions, scheduler and crons.
import { defineComponent } from "convex/server";
import { v } from "convex/values";

export default defineComponent("counter", { env: { COUNTER_LABEL: v.optional(v.string()) } });
