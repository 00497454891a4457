// A member's calendar: "this month" turns at midnight where they are, not at midnight UTC
// (a pro in Texas would otherwise see the month turn at 6 pm on the last day).

/** The zone most of each state's people live in, for members whose browser hasn't told us theirs. */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: "America/Chicago", AK: "America/Anchorage", AZ: "America/Phoenix", AR: "America/Chicago",
  CA: "America/Los_Angeles", CO: "America/Denver", CT: "America/New_York", DE: "America/New_York",
  DC: "America/New_York", FL: "America/New_York", GA: "America/New_York", HI: "Pacific/Honolulu",
  ID: "America/Boise", IL: "America/Chicago", IN: "America/Indiana/Indianapolis", IA: "America/Chicago",
  KS: "America/Chicago", KY: "America/New_York", LA: "America/Chicago", ME: "America/New_York",
  MD: "America/New_York", MA: "America/New_York", MI: "America/Detroit", MN: "America/Chicago",
  MS: "America/Chicago", MO: "America/Chicago", MT: "America/Denver", NE: "America/Chicago",
  NV: "America/Los_Angeles", NH: "America/New_York", NJ: "America/New_York", NM: "America/Denver",
  NY: "America/New_York", NC: "America/New_York", ND: "America/Chicago", OH: "America/New_York",
  OK: "America/Chicago", OR: "America/Los_Angeles", PA: "America/New_York", RI: "America/New_York",
  SC: "America/New_York", SD: "America/Chicago", TN: "America/Chicago", TX: "America/Chicago",
  UT: "America/Denver", VT: "America/New_York", VA: "America/New_York", WA: "America/Los_Angeles",
  WV: "America/New_York", WI: "America/Chicago", WY: "America/Denver", PR: "America/Puerto_Rico",
};

/** Where a member with no better information is taken to be: the central US. */
export const DEFAULT_TIME_ZONE = "America/Chicago";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA zone name this runtime knows ("America/Chicago"); anything else is refused. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    formatterOf(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone to count a member's days and months in: the one their browser gave, else their state's. */
export function memberTimeZone(given: string | undefined | null, state: string | undefined | null): string {
  if (isTimeZone(given)) return given;
  return STATE_TIME_ZONES[(state ?? "").trim().toUpperCase()] ?? DEFAULT_TIME_ZONE;
}

/** The wall clock in `timeZone` at `at`, read as if it were UTC (so the difference is the zone's offset). */
function wallClockAsUtc(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The instant the calendar month holding `at` began in `timeZone`. */
export function monthStartIn(timeZone: string, at: number): number {
  const wall = new Date(wallClockAsUtc(timeZone, at));
  const midnightAsUtc = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1);
  // The zone's offset at that midnight (a second pass settles a change of offset between `at` and it).
  const guess = midnightAsUtc - (wallClockAsUtc(timeZone, midnightAsUtc) - midnightAsUtc);
  return midnightAsUtc - (wallClockAsUtc(timeZone, guess) - guess);
}
