// Numbers and dates as en-US text, written out by hand for the labels that public pages render
// first (counts, distances, posted dates): the same text as toLocaleString("en-US", ...), without
// Intl. A page's first use of Intl loads ICU's locale data in that task, 30-100 ms of main thread
// on a phone, which Lighthouse counted as blocking time on /job-search ("Showing 0 of 0 jobs").

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The digits of a whole number's text in groups of three: "1234567" -> "1,234,567". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** 1234 -> "1,234", as n.toLocaleString("en-US") (whole numbers; anything else goes to Intl). */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  return n < 0 ? `-${group(String(-n))}` : group(String(n));
}

/** 1234.56 -> "1,234.6", 3 -> "3", as toLocaleString("en-US", { maximumFractionDigits: 1 }) for n >= 0. */
export function oneDecimalText(n: number): string {
  // Intl rounds the shortest decimal text of the number (String(n)), half away from zero:
  // 0.95 -> "1" although the double is 0.94999...
  const text = String(n);
  if (!(n >= 0) || n >= 1e14 || text.includes("e")) return n.toLocaleString("en-US", { maximumFractionDigits: 1 });
  const [whole, fraction = ""] = text.split(".");
  const tenths = Number(whole) * 10 + Number(fraction.charAt(0) || "0") + (fraction.charAt(1) >= "5" ? 1 : 0);
  const rest = tenths % 10;
  const wholeText = group(String((tenths - rest) / 10));
  return rest === 0 ? wholeText : `${wholeText}.${rest}`;
}

/** "Nov 24, 2026" (local time), as toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }). */
export function shortDateText(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime()))
    return date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Nov 24" (local time), as toLocaleDateString("en-US", { month: "short", day: "numeric" }). */
export function monthDayText(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return date.toLocaleDateString("en-US", { month: "short", day: "numeric" });
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}
