// The professional directory (spec §2 "Professional directory", §3
// "Professional"): filters by category, place, minimum rating and verified,
// sorted by name, rating, newest or verified. Candidates come from the one
// index that covers the place filter or, without one, the chosen sort; the
// other filters are checked on that bounded read. Free text (`q`) reads the
// users search index `search_directory` instead (state and verified as its
// filter fields) and checks the other filters on that bounded result.
import { query } from "./functions";
import { directoryPageValidator, directorySearchArgs, searchDirectory } from "./model/directory";

// The search itself lives in model/directory.ts: lead insights (model/insights.ts) run the same
// search to count the professionals a page really showed.
export const search = query({
  args: directorySearchArgs,
  returns: directoryPageValidator,
  handler: async (ctx, args) => await searchDirectory(ctx, args),
});
