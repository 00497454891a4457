// REST routes for scrap listings (spec §7): thin wrappers over the same query
// and mutation the app calls, run as the Bearer token's user.
import { z } from "zod";
import { ErrorCode } from "../../common/errors";
import { SCRAP_CATEGORIES, SCRAP_CONTACT_METHODS, SCRAP_LIMITS, ScrapCopy } from "../../common/scrap";
import { api } from "../_generated/api";
import {
  cursorParam,
  limitParam,
  queryParams,
  readJsonObject,
  requireSignedIn,
  restError,
  stringField,
  withCursor,
  type RestRoute,
} from "./rest";

const TEXT_FIELDS = [
  "title",
  "description",
  "category",
  "materialType",
  "quantity",
  "location",
  "county",
  "zipCode",
  "city",
  "state",
  "price",
  "contactMethod",
] as const;

const listingAnswer = z.looseObject({ _id: z.string(), title: z.string(), category: z.string(), status: z.string(), price: z.string() });

export const scrapRoutes: RestRoute[] = [
  {
    // Open listings (available or on hold), newest first; ?category, ?location (any part of a ZIP, or place words),
    // ?zip and ?radius (miles) for nearest first within a distance; ?limit, ?cursor.
    method: "GET",
    path: "/api/scrap-listings",
    doc: {
      summary: "Scrap & free material listings (open ones), filtered and paged",
      auth: "none",
      query: z.object({
        category: z.enum(SCRAP_CATEGORIES.map((c) => c.value) as [string, ...string[]]).optional(),
        location: z.string().optional().describe("free text: any part of a ZIP, or location, city, county words"),
        zip: z.string().optional().describe("5-digit ZIP: nearest first within radius"),
        radius: z.string().optional().describe(`miles, 1 to ${SCRAP_LIMITS.maxRadius} (default ${SCRAP_LIMITS.defaultRadius})`),
        limit: z.string().optional().describe("1 to 100 (default 20)"),
        cursor: z.string().optional().describe("nextCursor of the previous page"),
      }),
      answer: z.object({ listings: z.array(listingAnswer), nextCursor: z.string().nullable() }),
    },
    handler: async ({ ctx, url }) => {
      const p = queryParams(url, ["category", "location", "zip", "radius"] as const);
      const radius = p.radius === undefined ? undefined : Number(p.radius);
      if (radius !== undefined && !(radius >= 1 && radius <= SCRAP_LIMITS.maxRadius)) {
        throw restError(ErrorCode.INVALID_INPUT, `radius must be a number of miles from 1 to ${SCRAP_LIMITS.maxRadius}`);
      }
      if (p.location !== undefined && p.location.length > 100) {
        throw restError(ErrorCode.INVALID_INPUT, "location must be 100 characters or fewer");
      }
      if (p.zip !== undefined && !/^\d{5}$/.test(p.zip)) throw restError(ErrorCode.INVALID_INPUT, ScrapCopy.zipInvalid);
      const cursor = cursorParam(url);
      const result = await withCursor(cursor, () =>
        ctx.runQuery(api.scrap.list, {
          ...(p.category ? { category: p.category } : {}),
          ...(p.location ? { place: p.location } : {}),
          ...(p.zip ? { zip: p.zip } : {}),
          ...(radius !== undefined ? { radius } : {}),
          paginationOpts: { numItems: limitParam(url), cursor },
        }),
      );
      return { listings: result.page, nextCursor: result.isDone ? null : result.continueCursor };
    },
  },
  {
    // The Post Listing form's payload (spec §7). Answers 201 with the created listing (its _id).
    method: "POST",
    path: "/api/scrap-listings",
    status: 201,
    doc: {
      summary: "Post a scrap listing",
      auth: "bearer",
      body: z.object({
        title: z.string(),
        description: z.string().optional(),
        category: z.enum(SCRAP_CATEGORIES.map((c) => c.value) as [string, ...string[]]),
        materialType: z.string().optional(),
        quantity: z.string().optional(),
        location: z.string(),
        county: z.string().optional(),
        zipCode: z.string(),
        city: z.string().optional(),
        state: z.string().optional(),
        price: z.string().optional().describe("free text; empty means Free"),
        contactMethod: z.enum(SCRAP_CONTACT_METHODS.map((c) => c.value) as [string, ...string[]]).optional(),
        holdHours: z.number().optional().describe("pickup window for a claim: 24, 48 (default) or 72"),
      }),
      answer: listingAnswer,
    },
    handler: async ({ ctx, request }) => {
      await requireSignedIn(ctx);
      const body = await readJsonObject(request);
      const fields: Record<string, string> = {};
      for (const key of TEXT_FIELDS) {
        const value = stringField(body, key);
        if (value !== undefined) fields[key] = value;
      }
      const holdHours = body.holdHours;
      if (holdHours !== undefined && holdHours !== null && typeof holdHours !== "number") {
        throw restError(ErrorCode.INVALID_INPUT, "holdHours must be a number of hours");
      }
      const result = await ctx.runMutation(api.scrap.create, {
        // Missing required fields go through as "" so the form's own messages answer ('Required').
        title: fields.title ?? "",
        category: fields.category ?? "",
        location: fields.location ?? "",
        zipCode: fields.zipCode ?? "",
        ...fields,
        ...(typeof holdHours === "number" ? { holdHours } : {}),
      });
      const refused = "refused" in result ? result.refused : undefined;
      if (refused) throw restError(refused.code as ErrorCode, refused.message);
      const id = "id" in result ? result.id : undefined;
      const listing = id === undefined ? null : await ctx.runQuery(api.scrap.get, { id });
      if (listing === null) throw restError(ErrorCode.NOT_FOUND, ScrapCopy.notFound);
      return listing.listing;
    },
  },
];
