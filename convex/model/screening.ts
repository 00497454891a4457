// First-line moderation of what members write in the feed (posts now; comments
// can call the same screen). Profanity and abuse come from `obscenity`'s English
// dataset (leetspeak and look-alike letters resolved, false positives like
// "Scunthorpe" whitelisted by the dataset); links and spam from a few heuristics.
// The result is what a post stores: a status, how sure the screen is that the
// text is fine (0-1), and the reasons in words the author reads.
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import type { ModerationStatus } from "../../common/social";

export interface Screening {
  moderationStatus: Extract<ModerationStatus, "approved" | "flagged">;
  /** 0-1: how sure the screen is that the text is fine. */
  moderationConfidence: number;
  /** Why, in the author's words; empty for a clean text. */
  moderationFlags: string[];
}

// Built once per module load: compiling the dataset's patterns is the costly part.
let matcher: RegExpMatcher | null = null;
function profanityMatcher(): RegExpMatcher {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher;
}

/** Below this confidence a text is held for a moderator. */
export const FLAG_BELOW = 0.7;

export const ScreeningReasons = {
  offensive: "Contains offensive or abusive language",
  links: (n: number) => `Contains many links (${n})`,
  repeatedCharacters: "Repeats the same character many times",
  repeatedWords: "Repeats the same words many times",
  shouting: "Written mostly in capital letters",
} as const;

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
/** More links than this looks like spam in a trade post. */
const MAX_LINKS = 3;
/** One character 6 times in a row ("!!!!!!", "sooooooo"); digit runs (prices, "000") are left alone. */
const REPEATED_CHARACTER = /([^\s\d])\1{5,}/u;

function repeatedWords(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  let run = 1;
  for (let i = 1; i < words.length; i++) {
    run = words[i] === words[i - 1] ? run + 1 : 1;
    if (run >= 4) return true;
  }
  if (words.length < 12) return false;
  // One word making up over 40% of a longer text ("buy buy cheap buy ... buy").
  const counts = new Map<string, number>();
  for (const w of words) if (w.length > 2) counts.set(w, (counts.get(w) ?? 0) + 1);
  return Math.max(0, ...counts.values()) / words.length > 0.4;
}

function shouting(text: string): boolean {
  const letters = text.replace(/https?:\/\/\S+|[#@][\p{L}\p{N}_]+/gu, "").match(/\p{L}/gu) ?? [];
  if (letters.length < 20) return false;
  const upper = letters.filter((c) => c !== c.toLowerCase()).length;
  return upper / letters.length > 0.7;
}

/** Screens a text: approved when it is fine, flagged (held for a moderator) otherwise. */
export function screenText(text: string): Screening {
  const flags: string[] = [];
  let confidence = 1;
  // '@' reads as leetspeak 'a' to the matcher: "@Bo" is a mention ("abo" is a slur), "x@y.com" an address.
  const words = text.replace(/@(?=\p{Lu})|(?<=[\p{L}\p{N}._-])@(?=[\p{L}\p{N}])/gu, " ");
  const offensive = profanityMatcher().getAllMatches(words).length;
  if (offensive > 0) {
    flags.push(ScreeningReasons.offensive);
    confidence -= 0.5 + Math.min(offensive - 1, 4) * 0.1;
  }
  const links = text.match(LINK)?.length ?? 0;
  if (links > MAX_LINKS) {
    flags.push(ScreeningReasons.links(links));
    confidence -= 0.35;
  }
  if (REPEATED_CHARACTER.test(text)) {
    flags.push(ScreeningReasons.repeatedCharacters);
    confidence -= 0.2;
  }
  if (repeatedWords(text)) {
    flags.push(ScreeningReasons.repeatedWords);
    confidence -= 0.25;
  }
  if (shouting(text)) {
    flags.push(ScreeningReasons.shouting);
    confidence -= 0.2;
  }
  const moderationConfidence = Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
  return {
    moderationStatus: moderationConfidence < FLAG_BELOW ? "flagged" : "approved",
    moderationConfidence,
    moderationFlags: flags,
  };
}
