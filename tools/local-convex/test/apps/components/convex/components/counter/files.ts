// This component's own file storage (each component has its own, as on Convex).
import { actionGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

export const storeText = actionGeneric({
  args: { text: v.string() },
  handler: async (ctx, { text }) => {
    const id = await ctx.storage.store(new Blob([text], { type: "text/plain" }));
    return { id, url: await ctx.storage.getUrl(id) };
  },
});

export const uploadUrl = mutationGeneric({
  args: {},
  handler: async (ctx) => ctx.storage.generateUploadUrl(),
});

export const fileCount = queryGeneric({
  args: {},
  handler: async (ctx) => (await ctx.db.system.query("_storage").take(100)).length,
});
