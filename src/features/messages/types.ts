import type { FunctionReturnType } from "convex/server";
import type { api } from "@/lib/api";

/** The other person and the state of a conversation, as the thread's header and list show it. */
export type ThreadInfo = NonNullable<FunctionReturnType<typeof api.messages.threadInfo>>;
