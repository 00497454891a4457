// Locations and distances. A ZIP code becomes a point through the offline
// dataset in zipData.ts; points are indexed by geohash (geofire-common), so
// "within N miles" reads only the index ranges covering that circle.
import { distanceBetween, geohashForLocation, geohashQueryBounds } from "geofire-common";
import { ZIP_CITIES, ZIP_COUNT, ZIP_DATA, ZIP_RECORD_WIDTH, ZIP_STATES } from "./zipData";

export interface GeoPoint {
  lat: number;
  lng: number;
}

export const METERS_PER_MILE = 1609.344;
/** Geohash length stored on rows: ~1.2 km cells, finer than any radius we query. */
export const GEOHASH_LENGTH = 6;

function decode(chunk: string, offset: number): number {
  return (parseInt(chunk, 36) - offset) / 1000;
}

/** The centre stored in the ZIP record starting at `at`. */
function pointAt(at: number): GeoPoint {
  return { lat: decode(ZIP_DATA.slice(at + 5, at + 9), 90_000), lng: decode(ZIP_DATA.slice(at + 9, at + 13), 180_000) };
}

export interface ZipPlace extends GeoPoint {
  city: string;
  state: string;
}

/** The centre, city and state of a 5-digit US ZIP code, or null when the dataset does not know it. */
export function zipToPlace(zip: string): ZipPlace | null {
  const code = zip.trim().slice(0, 5);
  if (!/^\d{5}$/.test(code)) return null;
  let lo = 0;
  let hi = ZIP_COUNT - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = mid * ZIP_RECORD_WIDTH;
    const candidate = ZIP_DATA.slice(at, at + 5);
    if (candidate === code) {
      return {
        ...pointAt(at),
        state: ZIP_STATES[parseInt(ZIP_DATA.slice(at + 13, at + 15), 36)]!,
        city: ZIP_CITIES[parseInt(ZIP_DATA.slice(at + 15, at + 18), 36)]!,
      };
    }
    if (candidate < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** The centre of a 5-digit US ZIP code, or null when the dataset does not know it. */
export function zipToPoint(zip: string): GeoPoint | null {
  const place = zipToPlace(zip);
  return place ? { lat: place.lat, lng: place.lng } : null;
}

export function geohashOf(point: GeoPoint): string {
  return geohashForLocation([point.lat, point.lng], GEOHASH_LENGTH);
}

/** Location fields stored on a row that has a ZIP code (jobs, users). */
export function locationFields(zip: string | undefined): { lat?: number; lng?: number; geohash?: string } {
  const point = zip ? zipToPoint(zip) : null;
  return point ? { lat: point.lat, lng: point.lng, geohash: geohashOf(point) } : {};
}

export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  return (distanceBetween([a.lat, a.lng], [b.lat, b.lng]) * 1000) / METERS_PER_MILE;
}

/**
 * Geohash ranges [start, end) that together cover the circle; rows found in them
 * still need an exact distance check (the ranges cover a little more).
 */
export function geohashRanges(center: GeoPoint, radiusMiles: number): [string, string][] {
  return geohashQueryBounds([center.lat, center.lng], radiusMiles * METERS_PER_MILE);
}

export interface NamedPlace {
  city: string;
  state: string;
  /** The ZIP nearest the centre of all the place's ZIPs. */
  zipCode: string;
  /** Every ZIP of the place. */
  zips: readonly string[];
}

/** "city|ST" (lowercase city, spaces collapsed) -> that place's ZIPs; built on first use from the same dataset. */
let zipsByPlace: Map<string, { city: string; state: string; zips: string[] }> | null = null;
const placeKey = (city: string, state: string) => `${city.trim().toLowerCase().replace(/\s+/g, " ")}|${state}`;

function placeIndex() {
  if (zipsByPlace !== null) return zipsByPlace;
  const index = new Map<string, { city: string; state: string; zips: string[] }>();
  for (let i = 0; i < ZIP_COUNT; i++) {
    const at = i * ZIP_RECORD_WIDTH;
    const state = ZIP_STATES[parseInt(ZIP_DATA.slice(at + 13, at + 15), 36)]!;
    const city = ZIP_CITIES[parseInt(ZIP_DATA.slice(at + 15, at + 18), 36)]!;
    const key = placeKey(city, state);
    const entry = index.get(key) ?? { city, state, zips: [] };
    entry.zips.push(ZIP_DATA.slice(at, at + 5));
    index.set(key, entry);
  }
  zipsByPlace = index;
  return index;
}

/** The places named `city` (only in `state` when given), one per state, each with its central ZIP. */
export function placesNamed(city: string, state?: string): NamedPlace[] {
  const index = placeIndex();
  const states = state ? [state.trim().toUpperCase()] : ZIP_STATES;
  const out: NamedPlace[] = [];
  for (const st of states) {
    const entry = index.get(placeKey(city, st));
    if (!entry) continue;
    const points = entry.zips.map((zip) => ({ zip, point: zipToPoint(zip)! }));
    const centre = {
      lat: points.reduce((sum, p) => sum + p.point.lat, 0) / points.length,
      lng: points.reduce((sum, p) => sum + p.point.lng, 0) / points.length,
    };
    const central = points.reduce((best, p) =>
      distanceMiles(p.point, centre) < distanceMiles(best.point, centre) ? p : best,
    );
    out.push({ city: entry.city, state: entry.state, zipCode: central.zip, zips: entry.zips });
  }
  return out;
}

/** A ZIP code and how far its centre is from the point a list measures from. */
export interface ZipStop {
  zip: string;
  distance: number;
}

const MILES_PER_DEGREE = (6371 * Math.PI) / 180 / (METERS_PER_MILE / 1000);

/** ZIP centres by whole degree of latitude and longitude ("lat|lng"); built on first use. */
let zipGrid: Map<string, { zip: string; point: GeoPoint }[]> | null = null;

function zipCells() {
  if (zipGrid !== null) return zipGrid;
  const grid = new Map<string, { zip: string; point: GeoPoint }[]>();
  for (let i = 0; i < ZIP_COUNT; i++) {
    const at = i * ZIP_RECORD_WIDTH;
    const point = pointAt(at);
    const key = `${Math.floor(point.lat)}|${Math.floor(point.lng)}`;
    const cell = grid.get(key) ?? [];
    cell.push({ zip: ZIP_DATA.slice(at, at + 5), point });
    grid.set(key, cell);
  }
  zipGrid = grid;
  return grid;
}

/** Nearest first, then by ZIP (so equal distances keep one order). */
const byDistance = (a: ZipStop, b: ZipStop) => a.distance - b.distance || (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0);

/**
 * Every ZIP code whose centre is within `miles` of `center`, nearest first, from the dataset
 * in memory (no database reads). Scrap listings sit at their ZIP's centre, so these are the
 * places a distance list visits, in order.
 */
export function zipsNear(center: GeoPoint, miles: number): ZipStop[] {
  const grid = zipCells();
  // A box around the circle, a little wider than needed; the exact distance decides.
  const latSpan = miles / MILES_PER_DEGREE + 0.01;
  const edge = Math.min(89, Math.abs(center.lat) + latSpan);
  const lngSpan = Math.min(180, miles / (MILES_PER_DEGREE * Math.cos((edge * Math.PI) / 180)) + 0.01);
  const out: ZipStop[] = [];
  for (let lat = Math.floor(center.lat - latSpan); lat <= Math.floor(center.lat + latSpan); lat++) {
    for (let lng = Math.floor(center.lng - lngSpan); lng <= Math.floor(center.lng + lngSpan); lng++) {
      for (const { zip, point } of grid.get(`${lat}|${lng}`) ?? []) {
        // Outside the box: farther than `miles` for sure, no need for the exact distance.
        if (Math.abs(point.lat - center.lat) > latSpan || Math.abs(point.lng - center.lng) > lngSpan) continue;
        const distance = distanceMiles(center, point);
        if (distance <= miles) out.push({ zip, distance });
      }
    }
  }
  return out.sort(byDistance);
}

/** The given ZIP codes (those the dataset knows), nearest `center` first. */
export function zipsByDistance(center: GeoPoint, zips: readonly string[]): ZipStop[] {
  const out: ZipStop[] = [];
  for (const zip of zips) {
    const point = zipToPoint(zip);
    if (point) out.push({ zip, distance: distanceMiles(center, point) });
  }
  return out.sort(byDistance);
}
