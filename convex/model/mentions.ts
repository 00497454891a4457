// @mentions (spec §3 Post/Comment mentions): sent as member ids beside the
// text; an id is kept only while its `@First Last` token is still in the text,
// so editing a name out drops the mention.
import { mentionToken, SOCIAL_LIMITS } from "../../common/social";
import type { Doc, Id } from "../_generated/dataModel";
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

/** The most members a post or comment remembers telling; past it an edit tells nobody new. */
const MENTIONS_TOLD_MAX = 100;

/**
 * Whom an edit tells, and the told list to store: the members `mentions` names who were never told
 * of a mention in this post or comment, so taking a name out and putting it back (or the item
 * going hidden and visible again) tells nobody twice. `visible`: a held item tells nobody yet.
 */
export function newlyMentioned(
  row: Pick<Doc<"posts">, "mentions" | "mentionsTold"> & { visible?: boolean },
  mentions: readonly Id<"users">[],
  visible: boolean,
): { tell: Id<"users">[]; mentionsTold: Id<"users">[] } {
  // Older rows kept no list: those named while visible were told.
  const told = row.mentionsTold ?? (row.visible === false ? [] : row.mentions);
  if (!visible) return { tell: [], mentionsTold: [...told] };
  const known = new Set(told);
  const tell = mentions.filter((id) => !known.has(id)).slice(0, Math.max(0, MENTIONS_TOLD_MAX - told.length));
  return { tell, mentionsTold: [...told, ...tell] };
}
