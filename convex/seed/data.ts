// Demo data for local development and benchmarks: a deterministic generator of
// realistic US users. Pure functions (no database, no Math.random, no clock):
// the same seed and index always give the same row, so any batch can be
// (re)built on its own and a re-run recognises what it already inserted.
//
// Adding a generator (jobs, bids, messages, posts...):
//   1. write `build<Thing>(index, ctx)` below, drawing from `rowRng(ctx.seed, "<kind>", index)`;
//   2. register it in GENERATORS (and GENERATOR_ORDER: after the kinds it refers to);
//   3. handle its kind in convex/seed/run.ts `insertBatch` (table, natural key for idempotency,
//      references to earlier kinds resolved by their natural keys).
import type { WithoutSystemFields } from "convex/server";
import {
  categoryOfProfession,
  PROFESSION_CATEGORIES,
  type ProfessionCategoryValue,
  type ProfessionValue,
} from "../../common/professions";
import { BUDGET_RANGES } from "../../common/jobs";
import type { Doc } from "../_generated/dataModel";

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

/** mulberry32: a small, fast 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, as an unsigned 32-bit integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes integers into one well-spread 32-bit seed (murmur3 finaliser). */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Picks by weight: `weight(item)` must be >= 0 and not all zero. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1]!;
  }
  digits(count: number): string {
    let out = String(this.int(1, 9));
    while (out.length < count) out += String(this.int(0, 9));
    return out;
  }
}

/** The generator for one row: independent of every other row and of batch boundaries. */
export function rowRng(seed: number, kind: string, index: number): Rng {
  return new Rng(mix(seed, hashString(kind), index));
}

// ---------------------------------------------------------------------------
// Demo accounts (can sign in) and defaults
// ---------------------------------------------------------------------------

export const DEFAULT_SEED = 2026;
export const DEMO_PASSWORD = "Rafter-Demo-2026!";
export const DEFAULT_COUNTS = { professionals: 1200, homeowners: 400 } as const;

export interface DemoAccount {
  label: string;
  email: string;
  role?: "admin";
  profile: WithoutSystemFields<Doc<"users">>;
}

/** Created with @convex-dev/auth's createAccount (like sign-up), then marked verified. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: "Homeowner",
    email: "owner@rafter.test",
    profile: {
      email: "owner@rafter.test",
      name: "Hannah Brooks",
      firstName: "Hannah",
      lastName: "Brooks",
      userType: "homeowner",
      preferredContactMethod: "email",
      phone: "(512) 555-0142",
      city: "Austin",
      state: "TX",
      zipCode: "78704",
      county: "Travis County",
      bio: "Homeowner in South Austin with a 1960s ranch house. Planning a kitchen remodel and new windows this year.",
      seeded: true,
    },
  },
  {
    label: "Professional",
    email: "pro@rafter.test",
    profile: {
      email: "pro@rafter.test",
      name: "Marcus Reed",
      firstName: "Marcus",
      lastName: "Reed",
      userType: "professional",
      professions: ["general_contractor", "electrician"],
      primaryProfession: "general_contractor",
      professionalCategories: ["construction_renovation"],
      businessName: "Reed Build & Electric",
      licenseNumber: "TX-EL-318204",
      phone: "(512) 555-0178",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      county: "Travis County",
      bio: "Licensed electrician and general contractor serving Austin and Travis County for 14 years. Kitchen and bath remodels, additions, panel upgrades and EV chargers. Fully insured, free estimates.",
      seeded: true,
    },
  },
  {
    label: "Admin",
    email: "admin@rafter.test",
    role: "admin",
    profile: {
      email: "admin@rafter.test",
      name: "Dana Whitfield",
      firstName: "Dana",
      lastName: "Whitfield",
      userType: "professional",
      professions: ["property_manager"],
      primaryProfession: "property_manager",
      professionalCategories: ["property_management"],
      businessName: "Rafter",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      county: "Travis County",
      bio: "Rafter community team.",
      seeded: true,
    },
  },
  {
    label: "Photographer",
    email: "photo@rafter.test",
    profile: {
      email: "photo@rafter.test",
      name: "Lena Ortiz",
      firstName: "Lena",
      lastName: "Ortiz",
      userType: "professional",
      professions: ["photographer"],
      primaryProfession: "photographer",
      professionalCategories: ["marketing_support"],
      businessName: "Ortiz Listing Photo",
      phone: "(512) 555-0163",
      city: "Austin",
      state: "TX",
      zipCode: "78702",
      county: "Travis County",
      bio: "Real estate photographer in East Austin: listing, twilight and drone-free interiors, delivered within 24 hours of the shoot.",
      seeded: true,
    },
  },
];

/**
 * Written last by a seed run: when a user with this email exists, the demo
 * data is complete (an interrupted run is resumed by the next one). A demo
 * account added later goes last, so data seeded before it is completed too.
 */
export const SEED_MARKER_EMAIL = DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!.email;

// ---------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------

/** Whitespace-separated words as a list (keeps long word lists compact). */
function words(text: string): readonly string[] {
  return text.split(/\s+/).filter(Boolean);
}

export interface City {
  city: string;
  state: string;
  zipCode: string;
  county: string;
  areaCode: string;
  /** Rough relative size: how often the city is picked. */
  weight: number;
}

const c = (city: string, state: string, zipCode: string, county: string, areaCode: string, weight: number): City => ({
  city,
  state,
  zipCode,
  county,
  areaCode,
  weight,
});

/** Real US cities, each with a real ZIP code in it, its county and area code. All 50 states. */
export const CITIES: readonly City[] = [
  c("New York", "NY", "10001", "New York County", "212", 10),
  c("Brooklyn", "NY", "11201", "Kings County", "718", 7),
  c("Buffalo", "NY", "14202", "Erie County", "716", 3),
  c("Los Angeles", "CA", "90012", "Los Angeles County", "213", 10),
  c("San Diego", "CA", "92101", "San Diego County", "619", 6),
  c("San Jose", "CA", "95113", "Santa Clara County", "408", 5),
  c("San Francisco", "CA", "94103", "San Francisco County", "415", 5),
  c("Sacramento", "CA", "95814", "Sacramento County", "916", 4),
  c("Fresno", "CA", "93721", "Fresno County", "559", 3),
  c("Chicago", "IL", "60601", "Cook County", "312", 9),
  c("Naperville", "IL", "60540", "DuPage County", "630", 3),
  c("Houston", "TX", "77002", "Harris County", "713", 9),
  c("Dallas", "TX", "75201", "Dallas County", "214", 7),
  c("Austin", "TX", "78701", "Travis County", "512", 7),
  c("San Antonio", "TX", "78205", "Bexar County", "210", 6),
  c("Fort Worth", "TX", "76102", "Tarrant County", "817", 5),
  c("El Paso", "TX", "79901", "El Paso County", "915", 3),
  c("Phoenix", "AZ", "85004", "Maricopa County", "602", 8),
  c("Scottsdale", "AZ", "85251", "Maricopa County", "480", 3),
  c("Tucson", "AZ", "85701", "Pima County", "520", 4),
  c("Philadelphia", "PA", "19103", "Philadelphia County", "215", 7),
  c("Pittsburgh", "PA", "15222", "Allegheny County", "412", 4),
  c("Jacksonville", "FL", "32202", "Duval County", "904", 5),
  c("Miami", "FL", "33130", "Miami-Dade County", "305", 6),
  c("Tampa", "FL", "33602", "Hillsborough County", "813", 5),
  c("Orlando", "FL", "32801", "Orange County", "407", 5),
  c("Columbus", "OH", "43215", "Franklin County", "614", 5),
  c("Cleveland", "OH", "44113", "Cuyahoga County", "216", 4),
  c("Cincinnati", "OH", "45202", "Hamilton County", "513", 4),
  c("Charlotte", "NC", "28202", "Mecklenburg County", "704", 5),
  c("Raleigh", "NC", "27601", "Wake County", "919", 4),
  c("Indianapolis", "IN", "46204", "Marion County", "317", 5),
  c("Seattle", "WA", "98101", "King County", "206", 6),
  c("Spokane", "WA", "99201", "Spokane County", "509", 3),
  c("Denver", "CO", "80202", "Denver County", "303", 6),
  c("Colorado Springs", "CO", "80903", "El Paso County", "719", 3),
  c("Nashville", "TN", "37203", "Davidson County", "615", 5),
  c("Memphis", "TN", "38103", "Shelby County", "901", 3),
  c("Knoxville", "TN", "37902", "Knox County", "865", 3),
  c("Boston", "MA", "02108", "Suffolk County", "617", 6),
  c("Worcester", "MA", "01608", "Worcester County", "508", 2),
  c("Detroit", "MI", "48226", "Wayne County", "313", 5),
  c("Grand Rapids", "MI", "49503", "Kent County", "616", 3),
  c("Portland", "OR", "97204", "Multnomah County", "503", 5),
  c("Eugene", "OR", "97401", "Lane County", "541", 2),
  c("Las Vegas", "NV", "89101", "Clark County", "702", 5),
  c("Reno", "NV", "89501", "Washoe County", "775", 2),
  c("Louisville", "KY", "40202", "Jefferson County", "502", 4),
  c("Lexington", "KY", "40507", "Fayette County", "859", 3),
  c("Baltimore", "MD", "21202", "Baltimore City", "410", 4),
  c("Milwaukee", "WI", "53202", "Milwaukee County", "414", 4),
  c("Madison", "WI", "53703", "Dane County", "608", 3),
  c("Albuquerque", "NM", "87102", "Bernalillo County", "505", 4),
  c("Kansas City", "MO", "64106", "Jackson County", "816", 4),
  c("St. Louis", "MO", "63101", "St. Louis City", "314", 4),
  c("Atlanta", "GA", "30303", "Fulton County", "404", 6),
  c("Savannah", "GA", "31401", "Chatham County", "912", 2),
  c("Omaha", "NE", "68102", "Douglas County", "402", 3),
  c("Minneapolis", "MN", "55401", "Hennepin County", "612", 4),
  c("St. Paul", "MN", "55102", "Ramsey County", "651", 3),
  c("Oklahoma City", "OK", "73102", "Oklahoma County", "405", 4),
  c("Tulsa", "OK", "74103", "Tulsa County", "918", 3),
  c("New Orleans", "LA", "70112", "Orleans Parish", "504", 4),
  c("Baton Rouge", "LA", "70802", "East Baton Rouge Parish", "225", 2),
  c("Salt Lake City", "UT", "84101", "Salt Lake County", "801", 4),
  c("Boise", "ID", "83702", "Ada County", "208", 3),
  c("Birmingham", "AL", "35203", "Jefferson County", "205", 3),
  c("Huntsville", "AL", "35801", "Madison County", "256", 2),
  c("Little Rock", "AR", "72201", "Pulaski County", "501", 3),
  c("Des Moines", "IA", "50309", "Polk County", "515", 3),
  c("Wichita", "KS", "67202", "Sedgwick County", "316", 3),
  c("Richmond", "VA", "23219", "Richmond City", "804", 3),
  c("Virginia Beach", "VA", "23451", "Virginia Beach City", "757", 3),
  c("Charleston", "SC", "29401", "Charleston County", "843", 3),
  c("Columbia", "SC", "29201", "Richland County", "803", 2),
  c("Hartford", "CT", "06103", "Hartford County", "860", 2),
  c("Providence", "RI", "02903", "Providence County", "401", 2),
  c("Newark", "NJ", "07102", "Essex County", "973", 3),
  c("Jersey City", "NJ", "07302", "Hudson County", "201", 3),
  c("Manchester", "NH", "03101", "Hillsborough County", "603", 2),
  c("Burlington", "VT", "05401", "Chittenden County", "802", 1),
  c("Portland", "ME", "04101", "Cumberland County", "207", 1),
  c("Wilmington", "DE", "19801", "New Castle County", "302", 1),
  c("Charleston", "WV", "25301", "Kanawha County", "304", 1),
  c("Jackson", "MS", "39201", "Hinds County", "601", 2),
  c("Fargo", "ND", "58102", "Cass County", "701", 1),
  c("Sioux Falls", "SD", "57104", "Minnehaha County", "605", 1),
  c("Billings", "MT", "59101", "Yellowstone County", "406", 1),
  c("Cheyenne", "WY", "82001", "Laramie County", "307", 1),
  c("Anchorage", "AK", "99501", "Anchorage Municipality", "907", 1),
  c("Honolulu", "HI", "96813", "Honolulu County", "808", 2),
];

export const FIRST_NAMES: readonly string[] = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph
  Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Ashley
  Steven Kimberly Andrew Emily Joshua Donna Kevin Michelle Brian Carol Jose Maria Luis Ana Carlos Sofia Juan
  Gabriela Miguel Valeria Wei Mei Minh Linh Hiroshi Yuki Raj Priya Arjun Ananya Jamal Aaliyah DeShawn Imani
  Malik Keisha Andre Tiana Darnell Jasmine Ethan Olivia Noah Emma Liam Ava Mason Isabella Logan Mia Tyler
  Hannah Austin Madison Cody Brittany Travis Amber Dustin Heather Omar Fatima Yusuf Layla Dmitri Olga Sean
  Erin Connor Kelsey Tony Gina Frank Rosa Hector Lucia Ricardo Elena Samuel Grace
`);

export const LAST_NAMES: readonly string[] = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
  Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
  Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall
  Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes
  Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard
  Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price
  Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell
  Coleman Butler Henderson Barnes Chen Wang Tran Park Shah Singh Yamamoto Kowalski Novak Schmidt O'Brien
  O'Connor McCarthy Fitzgerald Washington Jefferson Delgado Vasquez Romero Herrera
`);

/** Regional words for business names, by state. */
const REGIONAL_NAMES: Partial<Record<string, readonly string[]>> = {
  TX: ["Lone Star", "Hill Country", "Texan"],
  CA: ["Golden State", "Pacific", "Sierra"],
  FL: ["Sunshine", "Gulf Coast", "Coastal"],
  AZ: ["Desert", "Saguaro", "Canyon"],
  NM: ["Desert", "Mesa", "Enchanted"],
  CO: ["Front Range", "Rocky Mountain", "Summit"],
  UT: ["Wasatch", "Beehive", "Summit"],
  WA: ["Cascade", "Evergreen", "Puget"],
  OR: ["Cascade", "Willamette", "Evergreen"],
  NV: ["Silver State", "High Desert"],
  MI: ["Great Lakes", "Wolverine"],
  OH: ["Buckeye", "Great Lakes"],
  WI: ["Badger", "Great Lakes"],
  MN: ["North Star", "Lakes Area"],
  IL: ["Prairie", "Great Lakes"],
  NC: ["Blue Ridge", "Carolina", "Piedmont"],
  SC: ["Palmetto", "Lowcountry", "Carolina"],
  VA: ["Blue Ridge", "Old Dominion", "Tidewater"],
  GA: ["Peach State", "Southern"],
  TN: ["Volunteer", "Smoky Mountain"],
  KY: ["Bluegrass", "Kentucky"],
  LA: ["Bayou", "Gulf Coast", "Crescent"],
  MS: ["Magnolia", "Gulf Coast"],
  AL: ["Southern", "Magnolia"],
  PA: ["Keystone", "Liberty"],
  NY: ["Empire", "Hudson", "Metro"],
  NJ: ["Garden State", "Shoreline"],
  MA: ["Bay State", "Patriot", "Colonial"],
  CT: ["Nutmeg", "Colonial"],
  RI: ["Ocean State", "Harbor"],
  NH: ["Granite State", "White Mountain"],
  VT: ["Green Mountain"],
  ME: ["Pine Tree", "Downeast"],
  HI: ["Aloha", "Island"],
  AK: ["Northern Lights", "Last Frontier"],
  MT: ["Big Sky"],
  WY: ["Big Sky", "Frontier"],
  ID: ["Gem State", "Treasure Valley"],
};
const GENERIC_REGIONAL = [
  "Summit",
  "Heritage",
  "Pioneer",
  "Liberty",
  "Cornerstone",
  "Blue Sky",
  "Precision",
  "Premier",
  "Trusted",
  "Hometown",
  "All-Pro",
  "True North",
];

/** Words a business in each profession puts after its name. */
const BUSINESS_NOUNS: Partial<Record<ProfessionValue, readonly string[]>> = {
  real_estate_agent: ["Realty", "Homes", "Real Estate Group", "Properties"],
  real_estate_broker: ["Realty", "Real Estate", "Brokerage"],
  buyers_agent: ["Buyer Advocates", "Realty", "Home Finders"],
  leasing_agent: ["Leasing", "Rentals", "Leasing Group"],
  commercial_broker: ["Commercial Realty", "Commercial Partners", "Commercial Real Estate"],
  real_estate_attorney: ["Law Group", "Law", "Legal"],
  title_escrow_officer: ["Title", "Title & Escrow", "Escrow Services"],
  transaction_coordinator: ["Transaction Services", "Closing Coordination", "TC Services"],
  mortgage_broker: ["Mortgage", "Home Loans", "Lending"],
  loan_officer: ["Home Lending", "Mortgage", "Lending"],
  hard_money_lender: ["Capital", "Private Lending", "Funding"],
  real_estate_investor: ["Properties", "Holdings", "Capital", "Investments"],
  flipper: ["Home Buyers", "Renovations", "Property Solutions"],
  insurance_agent: ["Insurance", "Insurance Agency", "Insurance Group"],
  real_estate_cpa: ["CPA", "Tax & Accounting", "Accounting"],
  property_tax_consultant: ["Tax Consulting", "Property Tax Advisors", "Tax Appeals"],
  appraiser: ["Appraisal", "Appraisal Services", "Valuation"],
  home_inspector: ["Home Inspections", "Inspection Services", "Property Inspections"],
  commercial_inspector: ["Building Diagnostics", "Property Condition Services", "Commercial Inspections"],
  pest_inspector: ["Termite Inspections", "WDI Inspections", "Pest Inspections"],
  mold_inspector: ["Mold Testing", "Environmental Testing", "Indoor Air Quality"],
  radon_specialist: ["Radon", "Radon Mitigation", "Radon Services"],
  energy_auditor: ["Energy Audits", "Home Performance", "Energy Solutions"],
  land_surveyor: ["Surveying", "Land Surveying", "Survey Group"],
  septic_inspector: ["Septic Inspections", "Septic Services"],
  architect: ["Architects", "Architecture", "Design Studio"],
  interior_designer: ["Interiors", "Interior Design", "Design Studio"],
  structural_engineer: ["Structural Engineering", "Engineering", "Structural"],
  landscape_architect: ["Landscape Architecture", "Land Design", "Landscape Studio"],
  kitchen_bath_designer: ["Kitchen & Bath", "Kitchen & Bath Design", "Cabinetry & Design"],
  drafter: ["Drafting", "Design & Drafting", "CAD Services"],
  permit_expediter: ["Permit Services", "Permitting", "Permit Solutions"],
  general_contractor: ["Construction", "Builders", "Building", "Contracting", "Remodeling"],
  electrician: ["Electric", "Electrical", "Electrical Services"],
  plumber: ["Plumbing", "Plumbing & Drain", "Plumbing Services"],
  hvac_technician: ["Heating & Air", "HVAC", "Comfort Systems", "Air Conditioning"],
  roofer: ["Roofing", "Roofing & Exteriors", "Roof Pros"],
  painter: ["Painting", "Painters", "Paint Works"],
  drywall_contractor: ["Drywall", "Drywall & Plaster", "Drywall Services"],
  flooring_installer: ["Flooring", "Floors", "Floor Designs"],
  tile_installer: ["Tile", "Tile & Stone", "Tile Works"],
  gutter_installer: ["Gutters", "Seamless Gutters", "Gutter Pros"],
  siding_contractor: ["Siding", "Siding & Windows", "Exteriors"],
  carpenter: ["Carpentry", "Woodworks", "Custom Carpentry"],
  mason: ["Masonry", "Stone & Brick", "Masonry Works"],
  concrete_contractor: ["Concrete", "Concrete & Paving", "Concrete Works"],
  cabinet_installer: ["Cabinets", "Cabinetry", "Custom Cabinets"],
  window_door_installer: ["Windows & Doors", "Window Pros", "Door & Window"],
  insulation_contractor: ["Insulation", "Spray Foam", "Insulation Pros"],
  foundation_repair: ["Foundation Repair", "Foundation Solutions", "Foundation Specialists"],
  handyman: ["Handyman Services", "Home Repair", "Handyman"],
  demolition_contractor: ["Demolition", "Demo & Excavation", "Wrecking"],
  solar_installer: ["Solar", "Solar Energy", "Solar Solutions"],
  landscaper: ["Landscaping", "Landscapes", "Landscape Design"],
  lawn_care: ["Lawn Care", "Lawn & Garden", "Lawn Service"],
  irrigation_specialist: ["Irrigation", "Sprinklers", "Irrigation Services"],
  tree_service: ["Tree Service", "Tree Care", "Arbor Care"],
  hardscaper: ["Hardscapes", "Outdoor Living", "Pavers"],
  fence_installer: ["Fence", "Fencing", "Fence & Gate"],
  deck_builder: ["Decks", "Deck & Patio", "Outdoor Structures"],
  pool_contractor: ["Pools", "Pool & Spa", "Pool Service"],
  pressure_washer: ["Pressure Washing", "Power Washing", "Exterior Cleaning"],
  snow_removal: ["Snow Removal", "Snow & Ice", "Plowing"],
  property_manager: ["Property Management", "Property Group", "Management"],
  hoa_manager: ["Community Management", "Association Management", "HOA Services"],
  short_term_rental_manager: ["Vacation Rentals", "Stays", "Hospitality"],
  maintenance_technician: ["Maintenance", "Property Maintenance", "Facility Services"],
  cleaning_service: ["Cleaning", "Cleaning Services", "Maids"],
  pest_control: ["Pest Control", "Pest Solutions", "Exterminating"],
  locksmith: ["Lock & Key", "Locksmith", "Lock Service"],
  home_watch: ["Home Watch", "Property Watch", "House Checks"],
  photographer: ["Photography", "Media", "Real Estate Photo"],
  videographer: ["Films", "Video Productions", "Media"],
  drone_pilot: ["Aerial", "Drone Services", "Aerial Imaging"],
  home_stager: ["Staging", "Home Staging", "Staging & Design"],
  virtual_tour_specialist: ["3D Tours", "Virtual Tours", "Immersive Media"],
  virtual_stager: ["Virtual Staging", "Digital Staging"],
  real_estate_marketer: ["Marketing", "Listing Media", "Creative"],
  junk_removal: ["Junk Removal", "Hauling & Junk Removal", "Junk Haulers"],
  hauler: ["Hauling", "Trucking", "Haul-Away"],
  dumpster_rental: ["Dumpsters", "Roll-Off", "Container Service"],
  estate_cleanout: ["Estate Services", "Cleanouts", "Estate Cleanouts"],
  scrap_metal_recycler: ["Recycling", "Metals", "Scrap Metal"],
  architectural_salvage: ["Salvage", "Architectural Salvage", "Reclaimed"],
  abatement_contractor: ["Abatement", "Environmental", "Environmental Services"],
  moving_company: ["Moving", "Movers", "Moving & Storage"],
  restoration_specialist: ["Restoration", "Restoration & Cleaning", "Disaster Restoration"],
  security_installer: ["Security", "Security Systems", "Alarm"],
  smart_home_installer: ["Smart Home", "Home Technology", "Automation"],
  appliance_repair: ["Appliance Repair", "Appliance Service"],
  chimney_sweep: ["Chimney Sweep", "Chimney Service", "Chimney & Fireplace"],
  mobile_notary: ["Notary Services", "Mobile Notary", "Signing Services"],
  home_warranty_provider: ["Home Warranty", "Home Protection"],
};

/** Professions that hold a state (or NMLS) license, with the license's prefix. */
const LICENSE_PREFIXES: Partial<Record<ProfessionValue, string>> = {
  real_estate_agent: "SA",
  buyers_agent: "SA",
  leasing_agent: "SA",
  real_estate_broker: "BK",
  commercial_broker: "BK",
  real_estate_attorney: "BAR",
  title_escrow_officer: "TA",
  mortgage_broker: "NMLS",
  loan_officer: "NMLS",
  insurance_agent: "INS",
  real_estate_cpa: "CPA",
  appraiser: "CR",
  home_inspector: "HI",
  commercial_inspector: "HI",
  pest_inspector: "PC",
  mold_inspector: "MA",
  radon_specialist: "RN",
  land_surveyor: "PLS",
  architect: "AR",
  structural_engineer: "PE",
  landscape_architect: "LA",
  general_contractor: "GC",
  electrician: "EL",
  plumber: "PL",
  hvac_technician: "AC",
  roofer: "RC",
  solar_installer: "EL",
  pool_contractor: "PC",
  abatement_contractor: "AB",
  pest_control: "PC",
  security_installer: "AL",
};

const CATEGORY_WEIGHTS: Record<ProfessionCategoryValue, number> = {
  construction_renovation: 30,
  landscaping_exterior: 12,
  transaction_advisory: 12,
  property_management: 9,
  valuation_inspection: 8,
  finance_investment: 8,
  design_planning: 6,
  ancillary_professionals: 6,
  marketing_support: 5,
  waste_salvage: 4,
};

/** Categories a professional's second or third profession often comes from. */
const RELATED_CATEGORIES: Record<ProfessionCategoryValue, readonly ProfessionCategoryValue[]> = {
  transaction_advisory: ["finance_investment", "property_management"],
  finance_investment: ["transaction_advisory"],
  valuation_inspection: ["transaction_advisory", "design_planning"],
  design_planning: ["construction_renovation", "valuation_inspection"],
  construction_renovation: ["landscaping_exterior", "design_planning", "ancillary_professionals"],
  landscaping_exterior: ["construction_renovation", "waste_salvage"],
  property_management: ["transaction_advisory", "construction_renovation"],
  marketing_support: ["transaction_advisory", "design_planning"],
  waste_salvage: ["construction_renovation", "ancillary_professionals"],
  ancillary_professionals: ["construction_renovation", "property_management"],
};

/** Common trades are picked more often than niche ones. */
const POPULAR = new Set<string>(
  words(`
    general_contractor electrician plumber hvac_technician roofer painter handyman real_estate_agent
    landscaper lawn_care property_manager home_inspector cleaning_service mortgage_broker insurance_agent
    photographer junk_removal moving_company interior_designer
  `),
);

const CATEGORY_FOCUS: Record<ProfessionCategoryValue, readonly string[]> = {
  transaction_advisory: [
    "I help first-time buyers and move-up families through every step from pre-approval to closing.",
    "Most of my clients are sellers who want a clear pricing strategy and a smooth, on-time closing.",
    "I work with investors on single-family rentals and small multifamily deals.",
    "Relocating? I know the neighborhoods, the schools and the commute times.",
  ],
  finance_investment: [
    "I focus on purchase and refinance loans for owner-occupied homes and small rentals.",
    "I work with landlords and investors on financing, coverage and long-term returns.",
    "Clear numbers, no surprises: I walk every client through the costs before they commit.",
    "Much of my work is helping owners plan for taxes, insurance and cash flow on their properties.",
  ],
  valuation_inspection: [
    "Every report comes with photos and plain-language notes, usually within 24 hours.",
    "I inspect older homes, new construction and everything in between.",
    "Buyers, sellers, lenders and attorneys rely on my reports for accurate, unbiased findings.",
    "I explain what matters now, what can wait and what it is likely to cost.",
  ],
  design_planning: [
    "I take projects from first sketch to permit-ready drawings.",
    "Most of my work is remodels and additions that make older homes work for modern families.",
    "I coordinate closely with builders so the design can actually be built on budget.",
    "Every project starts with a site visit and a conversation about how you live.",
  ],
  construction_renovation: [
    "Most of our work is kitchen and bath remodels, additions and repairs on older homes.",
    "We handle everything from small repairs to full renovations, on time and on budget.",
    "We pull the permits, keep the job site clean and walk the punch list with you.",
    "Much of our work comes from repeat customers and referrals from local agents.",
    "Emergency calls welcome; we answer the phone evenings and weekends.",
  ],
  landscaping_exterior: [
    "We design, install and maintain yards that look good in every season.",
    "Weekly, bi-weekly and seasonal service plans for homes, HOAs and commercial properties.",
    "Native plants, water-wise irrigation and low-maintenance designs are our specialty.",
    "From small backyard refreshes to full outdoor living spaces.",
  ],
  property_management: [
    "We manage single-family rentals and small multifamily buildings for local and out-of-state owners.",
    "Responsive maintenance, careful tenant screening and clear monthly statements.",
    "Make-ready turns, routine repairs and preventive maintenance for rental owners.",
    "We keep occupied properties clean, safe and running smoothly.",
  ],
  marketing_support: [
    "Listing photos, video and floor plans delivered within 24 hours of the shoot.",
    "I help agents and owners present properties at their best, online and in person.",
    "Twilight shoots, aerials and 3D tours available on request.",
    "Fast turnaround and consistent quality for busy listing agents.",
  ],
  waste_salvage: [
    "Same-day and next-day pickups for homes, contractors and property managers.",
    "We donate and recycle whatever we can and keep as much as possible out of the landfill.",
    "From a single couch to a full estate or construction cleanout.",
    "Upfront pricing by volume, no hidden fees.",
  ],
  ancillary_professionals: [
    "We serve homeowners, landlords and property managers across the metro area.",
    "Flexible scheduling, including evenings and weekends.",
    "We show up on time, explain the options and leave the place cleaner than we found it.",
    "Trusted by local property managers and real estate agents for years.",
  ],
};

const TRUST_LINES: readonly string[] = [
  "Fully insured, free estimates.",
  "Licensed, bonded and insured.",
  "Bilingual service in English and Spanish.",
  "Veteran-owned and operated.",
  "Family-owned and operated.",
  "Member of the local Chamber of Commerce.",
  "Written estimates within 48 hours.",
  "Satisfaction guaranteed on every job.",
  "Background-checked team.",
  "Senior and military discounts available.",
];

const CLOSINGS: readonly string[] = [
  "Message me to set up a time to talk.",
  "Call or message to schedule a walkthrough.",
  "Reach out for a free consultation.",
  "Send a message with your project details and I'll get back to you within a day.",
  "Happy to answer questions, even if you're just getting started.",
];

const HOMES: readonly string[] = [
  "a 1950s ranch house",
  "a two-story colonial",
  "a craftsman bungalow",
  "a townhouse",
  "a condo",
  "a 1920s brick foursquare",
  "a rental duplex",
  "a new build in a growing subdivision",
  "a split-level from the seventies",
  "a small farmhouse on a few acres",
];

const PLANS: readonly string[] = [
  "Planning a kitchen remodel next spring.",
  "Looking for reliable help with yard work and seasonal maintenance.",
  "Need a new roof and gutters before next winter.",
  "Getting ready to sell in the next year.",
  "Slowly updating the bathrooms one at a time.",
  "Own two rentals and always need a good handyman.",
  "Interested in solar panels and better insulation.",
  "Finishing the basement and adding a home office.",
  "Want to replace the old deck and fence this summer.",
  "Just bought the place and have a long list of projects.",
];

// ---------------------------------------------------------------------------
// Row builders
// ---------------------------------------------------------------------------

export type SeedUser = WithoutSystemFields<Doc<"users">>;

export interface SeedContext {
  seed: number;
  /** Timestamps are spread over the two years before this instant. */
  now: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

function phoneNumber(rng: Rng, city: City): string {
  // 555-0100..0199 is reserved for fiction: never a real person's number.
  return `(${city.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
}

function pickCity(rng: Rng): City {
  return rng.weighted(CITIES, (city) => city.weight);
}

function signedUpAt(rng: Rng, ctx: SeedContext): { termsAcceptedAt: number; verifiedAt: number } {
  const termsAcceptedAt = ctx.now - rng.int(1, 730) * DAY_MS - rng.int(0, DAY_MS - 1);
  return { termsAcceptedAt, verifiedAt: termsAcceptedAt + rng.int(1, 180) * 60_000 };
}

function professionsOf(category: ProfessionCategoryValue) {
  return PROFESSION_CATEGORIES.find((entry) => entry.value === category)!.professions;
}

function pickProfession(
  rng: Rng,
  category: ProfessionCategoryValue,
  exclude: readonly string[],
): ProfessionValue | null {
  const candidates = professionsOf(category).filter((p) => !exclude.includes(p.value));
  if (candidates.length === 0) return null;
  return rng.weighted(candidates, (p) => (POPULAR.has(p.value) ? 3 : 1)).value;
}

function businessName(
  rng: Rng,
  profession: ProfessionValue,
  label: string,
  first: string,
  last: string,
  city: City,
): string {
  const noun = rng.pick(BUSINESS_NOUNS[profession] ?? [label]);
  const regional = REGIONAL_NAMES[city.state] ?? [];
  const style = rng.int(0, 9);
  let name: string;
  if (style <= 3) name = `${last} ${noun}`;
  else if (style <= 5) name = `${rng.pick([...regional, ...GENERIC_REGIONAL])} ${noun}`;
  else if (style <= 7) name = `${city.city} ${noun}`;
  else if (style === 8) name = `${first}'s ${noun}`;
  else name = `${last} & Sons ${noun}`;
  const advisory = /Law|CPA|Accounting|Appraisal|Architect|Engineering|Consulting|Advisors/.test(noun);
  const suffix = rng.weighted(
    advisory ? ["", " LLC", " & Associates", " PLLC"] : ["", " LLC", " Co.", " Inc.", " Group"],
    (s) => (s === "" ? 5 : s === " LLC" ? 3 : 1),
  );
  return /\b(Co\.|Group|Associates)$/.test(name) && suffix !== " LLC" ? name : `${name}${suffix}`;
}

function licenseNumber(rng: Rng, professions: readonly ProfessionValue[], state: string): string | undefined {
  const licensed = professions.find((p) => LICENSE_PREFIXES[p] !== undefined);
  if (!licensed || !rng.chance(0.9)) return undefined;
  const prefix = LICENSE_PREFIXES[licensed]!;
  return prefix === "NMLS" ? `NMLS ${rng.digits(7)}` : `${state}-${prefix}-${rng.digits(6)}`;
}

function professionalBio(
  rng: Rng,
  p: {
    year: number;
    city: City;
    primary: string;
    others: string[];
    category: ProfessionCategoryValue;
    licensed: boolean;
    business?: string;
  },
): string {
  const years = rng.int(2, 35);
  const since = p.year - years;
  const openers = [
    `${years} years of experience as a ${p.primary.toLowerCase()} in ${p.city.city}, ${p.city.state}.`,
    `Born and raised in ${p.city.city}, I've worked as a ${p.primary.toLowerCase()} since ${since}.`,
    `Serving ${p.city.city} and the rest of ${p.city.county} for ${years} years.`,
    ...(p.licensed ? [`Licensed ${p.primary.toLowerCase()} serving ${p.city.city} and ${p.city.county}.`] : []),
    ...(p.business ? [`${p.business} is a local ${p.primary.toLowerCase()} business based in ${p.city.city}.`] : []),
  ];
  const parts = [rng.pick(openers), rng.pick(CATEGORY_FOCUS[p.category])];
  if (p.others.length > 0) {
    const list = p.others.map((o) => o.toLowerCase()).join(" and ");
    parts.push(
      rng.pick([`Also available for ${list} work.`, `I also work as a ${list}.`, `We also offer ${list} services.`]),
    );
  }
  if (rng.chance(0.6)) parts.push(rng.pick(TRUST_LINES.filter((line) => p.licensed || !line.startsWith("Licensed"))));
  if (rng.chance(0.7)) parts.push(rng.pick(CLOSINGS));
  return parts.join(" ");
}

function labelOf(value: string): string {
  for (const category of PROFESSION_CATEGORIES) {
    const found = category.professions.find((p) => p.value === value);
    if (found) return found.label;
  }
  return value;
}

/** Professional number `index` (0-based). The first ten cover every category once. */
export function buildProfessional(index: number, ctx: SeedContext): SeedUser {
  const rng = rowRng(ctx.seed, "professionals", index);
  const categories = PROFESSION_CATEGORIES.map((entry) => entry.value);
  const category: ProfessionCategoryValue =
    index < categories.length ? categories[index]! : rng.weighted(categories, (value) => CATEGORY_WEIGHTS[value]);
  const primary = pickProfession(rng, category, [])!;
  const professions: ProfessionValue[] = [primary];
  const extra = rng.weighted([0, 1, 2], (n) => [45, 35, 20][n]!);
  for (let i = 0; i < extra; i++) {
    const from = rng.chance(0.75) ? category : rng.pick(RELATED_CATEGORIES[category]);
    const next = pickProfession(rng, from, professions);
    if (next) professions.push(next);
  }
  const professionalCategories = [...new Set(professions.map((p) => categoryOfProfession(p)!))];
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const city = pickCity(rng);
  const business = rng.chance(0.72)
    ? businessName(rng, primary, labelOf(primary), firstName, lastName, city)
    : undefined;
  const license = licenseNumber(rng, professions, city.state);
  const { termsAcceptedAt, verifiedAt } = signedUpAt(rng, ctx);
  const bio = professionalBio(rng, {
    year: new Date(ctx.now).getUTCFullYear(),
    city,
    primary: labelOf(primary),
    others: professions.slice(1).map(labelOf),
    category,
    licensed: license !== undefined,
    business,
  });
  return {
    email: `${slug(firstName)}.${slug(lastName)}${index + 1}@example.com`,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    userType: "professional",
    professions,
    primaryProfession: primary,
    professionalCategories,
    ...(business ? { businessName: business } : {}),
    ...(license ? { licenseNumber: license } : {}),
    ...(rng.chance(0.85) ? { phone: phoneNumber(rng, city) } : {}),
    city: city.city,
    state: city.state,
    zipCode: city.zipCode,
    county: city.county,
    bio,
    termsAcceptedAt,
    ...(rng.chance(0.92) ? { emailVerificationTime: verifiedAt } : {}),
    loginAttempts: 0,
    seeded: true,
  };
}

/** Homeowner number `index` (0-based). */
export function buildHomeowner(index: number, ctx: SeedContext): SeedUser {
  const rng = rowRng(ctx.seed, "homeowners", index);
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const city = pickCity(rng);
  const preferredContactMethod = rng.weighted(["email", "text", "phone"] as const, (m) =>
    m === "email" ? 55 : m === "text" ? 30 : 15,
  );
  const hasPhone = preferredContactMethod !== "email" || rng.chance(0.4);
  const { termsAcceptedAt, verifiedAt } = signedUpAt(rng, ctx);
  const bio = rng.chance(0.4) ? `Homeowner in ${city.city} with ${rng.pick(HOMES)}. ${rng.pick(PLANS)}` : undefined;
  return {
    email: `${slug(firstName)}.${slug(lastName)}${index + 1}@example.net`,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    userType: "homeowner",
    preferredContactMethod,
    ...(hasPhone ? { phone: phoneNumber(rng, city) } : {}),
    city: city.city,
    state: city.state,
    zipCode: city.zipCode,
    county: city.county,
    ...(bio ? { bio } : {}),
    termsAcceptedAt,
    ...(rng.chance(0.85) ? { emailVerificationTime: verifiedAt } : {}),
    loginAttempts: 0,
    seeded: true,
  };
}

// ---------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------

export interface Generator<Row> {
  /** The table the rows go to. */
  table: string;
  defaultCount: number;
  /** Rows per insert mutation (Convex limits: <= 16,000 writes and 8 MiB per transaction; we stay <= 500). */
  batchSize: number;
  build(index: number, ctx: SeedContext): Row;
  /** A value unique per row, used to recognise rows a previous run already inserted. */
  naturalKey(row: Row): string;
}

export const GENERATORS = {
  professionals: {
    table: "users",
    defaultCount: DEFAULT_COUNTS.professionals,
    batchSize: 400,
    build: buildProfessional,
    naturalKey: (row: SeedUser) => row.email!,
  },
  homeowners: {
    table: "users",
    defaultCount: DEFAULT_COUNTS.homeowners,
    batchSize: 400,
    build: buildHomeowner,
    naturalKey: (row: SeedUser) => row.email!,
  },
} as const satisfies Record<string, Generator<SeedUser>>;

export type SeedKind = keyof typeof GENERATORS;
/** Insert order: a kind comes after the kinds its rows refer to. */
export const GENERATOR_ORDER: readonly SeedKind[] = ["professionals", "homeowners"];

export interface SeedBatch {
  kind: SeedKind;
  start: number;
  count: number;
}

/** The batches that make `counts` rows of each kind (defaults for kinds not given). */
export function planBatches(counts: Partial<Record<SeedKind, number>>): SeedBatch[] {
  const batches: SeedBatch[] = [];
  for (const kind of GENERATOR_ORDER) {
    const generator = GENERATORS[kind];
    const total = Math.max(0, Math.floor(counts[kind] ?? generator.defaultCount));
    for (let start = 0; start < total; start += generator.batchSize) {
      batches.push({ kind, start, count: Math.min(generator.batchSize, total - start) });
    }
  }
  return batches;
}

// ---------------------------------------------------------------------------
// Jobs (posted by seeded homeowners, in their city)
// ---------------------------------------------------------------------------

/** Demo jobs seeded by default (`npm run seed -- --jobs <n>` changes it). */
export const DEFAULT_JOB_COUNT = 300;
/** Jobs per insert mutation: each job also writes its bids, events, notifications and counters. */
export const JOB_BATCH_SIZE = 25;

const JOB_TEMPLATES: Record<string, readonly [title: string, description: string][]> = {
  landscaping: [
    ["Backyard landscaping refresh", "Clear overgrown beds, add native plants and fresh mulch across roughly 800 sq ft of backyard."],
    ["Install drip irrigation", "Drip irrigation for six raised vegetable beds and the front flower border, on a timer."],
    ["Paver patio and fire pit", "A 16x20 ft paver patio with a built-in fire pit off the back door."],
  ],
  construction: [
    ["Kitchen remodel", "Full kitchen remodel: new cabinets, quartz counters, relocate the sink to the island. About 180 sq ft."],
    ["Build a 12x16 deck", "Pressure-treated deck with stairs and railing off the back slider, permit needed."],
    ["Finish the basement", "Frame, insulate and drywall a 600 sq ft basement into a family room and a half bath."],
  ],
  plumbing: [
    ["Replace water heater", "40-gallon gas water heater is 14 years old and leaking at the base. Replace with the same or tankless."],
    ["Fix leaking shower valve", "Shower valve drips constantly; the tile wall has an access panel behind it."],
    ["Repipe the kitchen and laundry", "Old galvanized pipes with low pressure at the kitchen and the laundry; replace with PEX."],
  ],
  electrical: [
    ["Upgrade to a 200 amp panel", "The 100 amp panel is full. Upgrade to 200 amps with room for an EV charger."],
    ["Install an EV charger", "Level 2 charger in the attached garage, about 30 ft from the panel."],
    ["Add recessed lighting", "Eight LED recessed lights in the living room on a dimmer; attic access above."],
  ],
  roofing: [
    ["Roof replacement", "Asphalt shingle roof, about 22 squares, two layers to tear off. Some soft decking near the chimney."],
    ["Repair storm damage on the roof", "Several shingles blown off after last week's storm; small leak in the upstairs bedroom."],
    ["New gutters and downspouts", "Seamless aluminum gutters around the house, about 160 linear ft, with guards."],
  ],
  painting: [
    ["Paint the house exterior", "Two-story wood-sided house; scrape, prime bare spots and two coats. Trim in a contrasting color."],
    ["Interior painting, 3 bedrooms", "Walls and ceilings in three bedrooms and the hallway; minor drywall patches."],
    ["Refinish kitchen cabinets", "Paint 24 cabinet doors and the boxes; degrease, sand, prime and spray."],
  ],
  flooring: [
    ["Hardwood floor refinishing", "Sand and refinish about 900 sq ft of oak floors on the main level; a few boards need replacing."],
    ["Tile the bathroom floor", "Remove old vinyl and lay porcelain tile in a 60 sq ft bathroom, new toilet flange."],
    ["Install luxury vinyl plank", "LVP throughout the 1,100 sq ft ground floor, including stairs nosing."],
  ],
  hvac: [
    ["Replace AC condenser", "The 3-ton AC stopped cooling; the unit is 18 years old. Looking for a high-efficiency replacement."],
    ["Furnace tune-up and duct cleaning", "Annual furnace service plus cleaning of the ducts in a 2,000 sq ft house."],
    ["Install a ductless mini-split", "One-zone mini-split for a converted garage office, about 300 sq ft."],
  ],
  cleaning: [
    ["Move-out deep clean", "Deep clean of a 3-bedroom house after the tenants moved out, inside appliances included."],
    ["Clear out the garage", "Haul away old furniture, boxes and a broken freezer from a two-car garage."],
    ["Window washing, inside and out", "Twenty-two windows on two floors, screens included."],
  ],
  photography: [
    ["Listing photos for a home sale", "Professional interior and exterior photos of a 4-bedroom home before it goes on the market."],
    ["Drone photos of the property", "Aerial photos and a short video of a 2-acre lot for the listing."],
  ],
  inspection: [
    ["Pre-purchase home inspection", "Full inspection of a 1970s house we're under contract on; closing in three weeks."],
    ["Mold inspection in the basement", "Musty smell and some staining on the basement walls after heavy rain."],
  ],
  maintenance: [
    ["Handyman list: doors, caulk, shelves", "Adjust three sticking doors, re-caulk two tubs and hang shelves in the garage."],
    ["Repair the garage door opener", "Opener runs but the door stops halfway; springs look fine."],
  ],
  other: [
    ["Assemble and mount furniture", "Assemble a bed frame and two dressers, mount a 65-inch TV on drywall."],
    ["Fence repair after the storm", "Two fence panels and a post down along the side yard."],
  ],
};

export type SeedJobStatus = "open" | "assigned" | "in_progress" | "completed" | "cancelled";

export interface SeedJob {
  /** Index of the homeowner (buildHomeowner) who posts it. */
  homeowner: number;
  title: string;
  description: string;
  category: string;
  propertyType: string;
  urgency: "low" | "medium" | "high" | "urgent";
  budget?: string;
  timeline?: string;
  requirements: string[];
  photoRequired: boolean;
  /** Where its life ends: open jobs stay available or take bids (quote_requested). */
  status: SeedJobStatus;
  /** Bids from matching professionals near the job (the first is accepted when the job went further). */
  bids: { pick: number; priceMin: number; priceMax?: number; message: string; startInDays: number; duration: string }[];
}

const BID_MESSAGES: readonly string[] = [
  "I've done several jobs like this nearby and can start soon. Price includes materials and cleanup.",
  "Happy to take a look first; this estimate covers labor and standard materials.",
  "Licensed and insured. I can fit this in within two weeks and finish in the estimated time.",
  "We'd handle permits and disposal. Photos of similar work are on my profile.",
  "Flexible on scheduling. The range depends on what we find once we open things up.",
];
const TIMELINES = ["As soon as possible", "Within 2 weeks", "Within a month", "This season", "Flexible"];
const REQUIREMENTS = ["Licensed and insured", "References from recent jobs", "Written estimate", "Clean up daily", "Permit if required"];

/** Homeowner that posts job `index`: a stride prime to the count, so each homeowner gets few jobs. */
export function jobHomeowner(index: number, homeowners: number): number {
  return (index * 7 + 3) % Math.max(1, homeowners);
}

/** Job number `index` (0-based), posted by one of `homeowners` seeded homeowners. */
export function buildJob(index: number, ctx: SeedContext & { homeowners: number }): SeedJob {
  const rng = rowRng(ctx.seed, "jobs", index);
  const category = rng.weighted(Object.keys(JOB_TEMPLATES), (c) =>
    ["construction", "plumbing", "electrical", "painting", "roofing", "landscaping"].includes(c) ? 3 : 1,
  );
  const [title, description] = rng.pick(JOB_TEMPLATES[category]!);
  const status = rng.weighted(["open", "assigned", "in_progress", "completed", "cancelled"] as const, (s) =>
    ({ open: 70, assigned: 9, in_progress: 8, completed: 9, cancelled: 4 })[s],
  );
  const budgetPick = rng.int(0, BUDGET_RANGES.length);
  const bidCount = status === "open" ? rng.weighted([0, 1, 2, 3], (n) => [55, 20, 15, 10][n]!) : status === "cancelled" ? 0 : rng.int(1, 3);
  const base = [600, 2500, 9000, 20000, 38000, 60000][Math.min(budgetPick, 5)]!;
  const bids = Array.from({ length: bidCount }, () => {
    const priceMin = Math.round((base * (0.7 + rng.float() * 0.6)) / 50) * 50;
    return {
      pick: rng.int(0, 9),
      priceMin,
      ...(rng.chance(0.4) ? { priceMax: priceMin + Math.round((base * 0.2) / 50) * 50 } : {}),
      message: rng.pick(BID_MESSAGES),
      startInDays: rng.int(2, 30),
      duration: rng.pick(["1 day", "2-3 days", "1 week", "2 weeks", "3-4 weeks"]),
    };
  });
  return {
    homeowner: jobHomeowner(index, ctx.homeowners),
    title,
    description,
    category,
    propertyType: rng.weighted(["single_family", "condo", "townhouse", "apartment", "commercial"], (p) => (p === "single_family" ? 6 : 1)),
    urgency: rng.weighted(["low", "medium", "high", "urgent"] as const, (u) => ({ low: 3, medium: 5, high: 3, urgent: 1 })[u]),
    ...(budgetPick < BUDGET_RANGES.length ? { budget: BUDGET_RANGES[budgetPick] } : {}),
    ...(rng.chance(0.6) ? { timeline: rng.pick(TIMELINES) } : {}),
    requirements: REQUIREMENTS.filter(() => rng.chance(0.25)),
    photoRequired: rng.chance(0.05),
    status,
    bids,
  };
}

/** The demo homeowner's projects (owner@rafter.test), and which get bids; the demo pro bids on `proBidOn`. */
export const DEMO_PROJECTS = [
  {
    title: "Backyard makeover: new sod, beds and drip irrigation",
    description:
      "Replace the patchy lawn in a 1,200 sq ft backyard with drought-tolerant sod, add two native planting beds along the fence and put them on drip irrigation with a timer.",
    category: "landscaping",
    propertyType: "single_family",
    urgency: "medium",
    budget: "$5000-15000",
    timeline: "Before summer",
    requirements: ["Licensed and insured", "Written estimate", "Photos of recent yards"],
    seededBids: 2,
  },
  {
    title: "Replace 8 windows with double-pane",
    description: "Eight original aluminum windows to replace with energy-efficient double-pane vinyl windows, same sizes.",
    category: "construction",
    propertyType: "single_family",
    urgency: "low",
    budget: "$5000-15000",
    timeline: "This spring",
    requirements: ["Licensed and insured"],
    seededBids: 0,
  },
  {
    title: "Add outdoor outlets and patio lights",
    description: "Two GFCI outlets on the back patio and a string-light circuit on a switch by the back door.",
    category: "electrical",
    propertyType: "single_family",
    urgency: "high",
    budget: "$500-1500",
    requirements: [],
    seededBids: 0,
  },
] as const;
/** Index in DEMO_PROJECTS of the project the demo professional bids on. */
export const DEMO_PRO_BID_PROJECT = 2;
