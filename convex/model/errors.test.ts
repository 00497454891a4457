import { ConvexError } from "convex/values";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { parseOrThrow } from "./errors";
import { pageSize } from "./paging";

describe("parseOrThrow", () => {
  const schema = z.object({ title: z.string().min(1, "Title is required"), budget: z.number({ error: "Budget must be a number" }) });

  test("returns the parsed value", () => {
    expect(parseOrThrow(schema, { title: "Roof", budget: 5 })).toEqual({ title: "Roof", budget: 5 });
  });

  test("throws INVALID_INPUT with the first message and one message per field", () => {
    try {
      parseOrThrow(schema, { title: "", budget: "x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConvexError);
      expect((error as ConvexError<{ code: string }>).data).toEqual({
        code: "INVALID_INPUT",
        message: "Title is required",
        fields: { title: "Title is required", budget: "Budget must be a number" },
      });
    }
  });
});

describe("pageSize", () => {
  test("caps, floors and defaults", () => {
    expect(pageSize(undefined, 20)).toBe(20);
    expect(pageSize(10_000, 20)).toBe(100);
    expect(pageSize(0, 20)).toBe(1);
    expect(pageSize(-5, 20)).toBe(1);
    expect(pageSize(7.9, 20)).toBe(7);
    expect(pageSize(Number.NaN, 20)).toBe(20);
    expect(pageSize(60, 20, 50)).toBe(50);
  });
});
