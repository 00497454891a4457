// How a post's or comment's text is cut into plain runs, #tags and @mentions (no React), so the
// card links exactly what the server derived: the post's `hashtags` and its kept `mentions`.

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "tag"; text: string; tag: string }
  | { kind: "mention"; text: string; userId: string };

// The same '#word' reading as common/social.ts extractHashtags: not inside a word or a URL.
const HASHTAG = /(^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}_]{1,50})/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function pushText(out: Segment[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.kind === "text") last.text += text;
  else out.push({ kind: "text", text });
}

function tagSegments(out: Segment[], text: string, tags: ReadonlySet<string>) {
  let last = 0;
  for (const m of text.matchAll(HASHTAG)) {
    const tag = m[2]!.toLowerCase();
    if (!tags.has(tag)) continue;
    const start = m.index + m[1]!.length;
    pushText(out, text.slice(last, start));
    out.push({ kind: "tag", text: `#${m[2]}`, tag });
    last = start + 1 + m[2]!.length;
  }
  pushText(out, text.slice(last));
}

export function richSegments(
  text: string,
  hashtags: readonly string[],
  mentions: readonly { _id: string; name: string }[],
): Segment[] {
  const out: Segment[] = [];
  const tags = new Set(hashtags);
  // Longest names first, so "@Ana Lima" is not read as "@Ana" when both are mentioned.
  const named = mentions.filter((m) => m.name.trim()).sort((a, b) => b.name.length - a.name.length);
  if (named.length === 0) {
    tagSegments(out, text, tags);
    return out;
  }
  const pattern = new RegExp(`@(${named.map((m) => escapeRegExp(m.name)).join("|")})`, "g");
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const person = named.find((p) => p.name === m[1])!;
    tagSegments(out, text.slice(last, m.index), tags);
    out.push({ kind: "mention", text: m[0], userId: person._id });
    last = m.index + m[0].length;
  }
  tagSegments(out, text.slice(last), tags);
  return out;
}

/**
 * The live list as the reader sees it: posts newer than the newest one already shown wait behind
 * the "N new posts" pill, except the reader's own (shown at once). `shownUpTo` null: nothing shown
 * yet, so nothing waits.
 */
export function holdNewer<T extends { _creationTime: number; isOwn: boolean }>(
  posts: readonly T[],
  shownUpTo: number | null,
): { visible: T[]; waiting: number } {
  const visible = posts.filter((p) => shownUpTo === null || p._creationTime <= shownUpTo || p.isOwn);
  return { visible, waiting: posts.length - visible.length };
}
