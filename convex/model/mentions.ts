// @mentions (spec §3 Post/Comment mentions): sent as member ids beside the
// text; an id is kept only while its `@First Last` token is still in the text,
// so editing a name out drops the mention.
import { mentionToken, SOCIAL_LIMITS } from "../../common/social";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { fullName, visibleUser } from "./users";

/** The ids among `ids` whose member exists and is named in `content`: unique, in order, at most SOCIAL_LIMITS.mentions. */
export async function keptMentions(
  ctx: QueryCtx,
  content: string,
  ids: readonly Id<"users">[],
): Promise<Id<"users">[]> {
  const kept: Id<"users">[] = [];
  // A client could send any number of ids: only the first few are looked at.
  for (const id of [...new Set(ids)].slice(0, SOCIAL_LIMITS.mentions * 2)) {
    if (kept.length >= SOCIAL_LIMITS.mentions) break;
    const user = await visibleUser(ctx, id);
    if (user !== null && fullName(user) !== "" && content.includes(mentionToken(user))) kept.push(id);
  }
  return kept;
}

/** Mentions as readers get them: id and name, deleted members left out. */
export async function mentionViews(
  ctx: QueryCtx,
  ids: readonly Id<"users">[],
): Promise<{ _id: Id<"users">; name: string }[]> {
  const out = [];
  for (const id of ids) {
    const user = await visibleUser(ctx, id);
    if (user !== null) out.push({ _id: id, name: fullName(user) });
  }
  return out;
}
