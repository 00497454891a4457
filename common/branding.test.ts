import { describe, expect, test } from "vitest";
import { ACCENT_COLORS } from "./branding";

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("the accent palette", () => {
  test.each(ACCENT_COLORS.map((c) => [c.label, c.hex]))("%s carries white text at AA (4.5:1) or better", (_, hex) => {
    expect(contrast(hex, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
