// @vitest-environment node
import { describe, expect, test } from "vitest";
import { StrokeIcon } from "./Icon";

// cn joins classes without merging them, and Tailwind emits .size-6 after .size-5: an icon given a
// size must not also carry the default size-6, or the default wins.
describe("StrokeIcon", () => {
  const classOf = (className?: string) =>
    (StrokeIcon({ d: "M0 0h24", className }) as { props: { className: string } }).props.className.split(" ");

  test("is 24 px by default", () => {
    expect(classOf()).toContain("size-6");
  });

  test("takes the size it is given, and only that one", () => {
    expect(classOf("size-5")).toContain("size-5");
    expect(classOf("size-5")).not.toContain("size-6");
    expect(classOf("mt-1 size-3.5")).not.toContain("size-6");
  });

  test("keeps the default under a size that applies only from a breakpoint", () => {
    expect(classOf("sm:size-5")).toEqual(expect.arrayContaining(["size-6", "sm:size-5"]));
  });
});
