// The profession catalogue (spec §3 "Profession catalogue"): 10 categories,
// each with the professions a user can pick during profession setup.
// Shared by the React app and the Convex backend: plain TypeScript only
// (no React, no DOM, no Node built-ins).

export interface ProfessionDef {
  /** Stable snake_case identifier stored on users (professions, primaryProfession). */
  readonly value: string;
  readonly label: string;
  /** One line shown under the label in pickers. */
  readonly description: string;
}

export interface ProfessionCategoryDef {
  readonly value: string;
  readonly label: string;
  readonly description: string;
  readonly professions: readonly ProfessionDef[];
}

export const PROFESSION_CATEGORIES = [
  {
    value: "transaction_advisory",
    label: "Transaction & Advisory",
    description: "Agents, brokers and advisors who guide buying, selling and leasing property.",
    professions: [
      {
        value: "real_estate_agent",
        label: "Real Estate Agent",
        description: "Represents buyers and sellers in residential and commercial sales.",
      },
      {
        value: "real_estate_broker",
        label: "Real Estate Broker",
        description: "Licensed broker who manages agents and brokers property transactions.",
      },
      {
        value: "buyers_agent",
        label: "Buyer's Agent",
        description: "Helps buyers find, negotiate and close on the right property.",
      },
      {
        value: "leasing_agent",
        label: "Leasing Agent",
        description: "Markets rental units, screens applicants and signs leases.",
      },
      {
        value: "commercial_broker",
        label: "Commercial Real Estate Broker",
        description: "Sells and leases office, retail, industrial and multifamily property.",
      },
      {
        value: "real_estate_attorney",
        label: "Real Estate Attorney",
        description: "Drafts contracts, handles closings, title issues and property disputes.",
      },
      {
        value: "title_escrow_officer",
        label: "Title & Escrow Officer",
        description: "Runs title searches, issues title insurance and manages escrow at closing.",
      },
      {
        value: "transaction_coordinator",
        label: "Transaction Coordinator",
        description: "Keeps paperwork and deadlines on track from accepted offer to closing.",
      },
    ],
  },
  {
    value: "finance_investment",
    label: "Finance & Investment",
    description: "Lending, insurance and investment expertise for property owners and deals.",
    professions: [
      {
        value: "mortgage_broker",
        label: "Mortgage Broker",
        description: "Shops lenders to find purchase and refinance loans for borrowers.",
      },
      {
        value: "loan_officer",
        label: "Loan Officer",
        description: "Originates and guides mortgage applications for a bank or lender.",
      },
      {
        value: "hard_money_lender",
        label: "Hard Money Lender",
        description: "Provides short-term, asset-based loans for investors and rehabs.",
      },
      {
        value: "real_estate_investor",
        label: "Real Estate Investor",
        description: "Buys and holds rental or commercial property for income.",
      },
      { value: "flipper", label: "House Flipper", description: "Buys, renovates and resells homes for profit." },
      {
        value: "insurance_agent",
        label: "Insurance Agent",
        description: "Sells homeowners, landlord, builder's risk and liability coverage.",
      },
      {
        value: "real_estate_cpa",
        label: "Real Estate CPA / Tax Advisor",
        description: "Advises on 1031 exchanges, depreciation and property tax planning.",
      },
      {
        value: "property_tax_consultant",
        label: "Property Tax Consultant",
        description: "Appeals assessments to lower owners' property tax bills.",
      },
    ],
  },
  {
    value: "valuation_inspection",
    label: "Valuation & Inspection",
    description: "Appraisals, inspections and surveys that tell owners what a property is worth and needs.",
    professions: [
      {
        value: "appraiser",
        label: "Appraiser",
        description: "Provides licensed market-value appraisals for sales, refinances and estates.",
      },
      {
        value: "home_inspector",
        label: "Home Inspector",
        description: "Inspects homes top to bottom before purchase or sale.",
      },
      {
        value: "commercial_inspector",
        label: "Commercial Property Inspector",
        description: "Performs property condition assessments for commercial buildings.",
      },
      {
        value: "pest_inspector",
        label: "Termite & Pest Inspector",
        description: "Inspects for wood-destroying insects and issues WDI reports.",
      },
      {
        value: "mold_inspector",
        label: "Mold Inspector",
        description: "Tests air and surfaces for mold and recommends remediation.",
      },
      {
        value: "radon_specialist",
        label: "Radon Testing & Mitigation",
        description: "Tests radon levels and installs mitigation systems.",
      },
      {
        value: "energy_auditor",
        label: "Energy Auditor",
        description: "Finds air leaks and insulation gaps and recommends efficiency upgrades.",
      },
      {
        value: "land_surveyor",
        label: "Land Surveyor",
        description: "Marks boundaries and prepares surveys, plats and elevation certificates.",
      },
      {
        value: "septic_inspector",
        label: "Septic Inspector",
        description: "Inspects and certifies septic tanks and drain fields.",
      },
    ],
  },
  {
    value: "design_planning",
    label: "Design & Planning",
    description: "Architects, designers and engineers who plan projects before the work starts.",
    professions: [
      {
        value: "architect",
        label: "Architect",
        description: "Designs new homes, additions and commercial buildings and prepares permit sets.",
      },
      {
        value: "interior_designer",
        label: "Interior Designer",
        description: "Plans layouts, finishes, lighting and furnishings for interiors.",
      },
      {
        value: "structural_engineer",
        label: "Structural Engineer",
        description: "Designs and certifies beams, foundations and load-bearing changes.",
      },
      {
        value: "landscape_architect",
        label: "Landscape Architect",
        description: "Designs outdoor spaces, grading, drainage and planting plans.",
      },
      {
        value: "kitchen_bath_designer",
        label: "Kitchen & Bath Designer",
        description: "Designs kitchen and bathroom remodels, cabinetry and fixtures.",
      },
      {
        value: "drafter",
        label: "Drafter / CAD Technician",
        description: "Produces floor plans, elevations and construction drawings.",
      },
      {
        value: "permit_expediter",
        label: "Permit Expediter",
        description: "Prepares and shepherds permit applications through local building departments.",
      },
    ],
  },
  {
    value: "construction_renovation",
    label: "Construction & Renovation",
    description: "Builders and skilled trades for new construction, remodels and repairs.",
    professions: [
      {
        value: "general_contractor",
        label: "General Contractor",
        description: "Manages whole-home builds and remodels, subcontractors and permits.",
      },
      {
        value: "electrician",
        label: "Electrician",
        description: "Installs and repairs wiring, panels, lighting and EV chargers.",
      },
      {
        value: "plumber",
        label: "Plumber",
        description: "Installs and repairs pipes, fixtures, water heaters and drains.",
      },
      {
        value: "hvac_technician",
        label: "HVAC Technician",
        description: "Installs and services furnaces, air conditioners, heat pumps and ducts.",
      },
      {
        value: "roofer",
        label: "Roofer",
        description: "Installs, repairs and replaces shingle, metal, tile and flat roofs.",
      },
      { value: "painter", label: "Painter", description: "Interior and exterior painting, staining and surface prep." },
      {
        value: "drywall_contractor",
        label: "Drywall Contractor",
        description: "Hangs, tapes, finishes and repairs drywall and plaster.",
      },
      {
        value: "flooring_installer",
        label: "Flooring Installer",
        description: "Installs hardwood, laminate, vinyl, carpet and engineered floors.",
      },
      {
        value: "tile_installer",
        label: "Tile Installer",
        description: "Sets tile for floors, showers, backsplashes and walls.",
      },
      {
        value: "gutter_installer",
        label: "Gutter Installer",
        description: "Installs, repairs and guards gutters and downspouts.",
      },
      {
        value: "siding_contractor",
        label: "Siding Contractor",
        description: "Installs and repairs vinyl, fiber-cement and wood siding.",
      },
      { value: "carpenter", label: "Carpenter", description: "Framing, trim, doors, built-ins and finish carpentry." },
      { value: "mason", label: "Mason", description: "Brick, block and stone work, chimneys and retaining walls." },
      {
        value: "concrete_contractor",
        label: "Concrete Contractor",
        description: "Pours driveways, slabs, patios, sidewalks and footings.",
      },
      {
        value: "cabinet_installer",
        label: "Cabinet Maker & Installer",
        description: "Builds and installs cabinets, vanities and countertops.",
      },
      {
        value: "window_door_installer",
        label: "Window & Door Installer",
        description: "Replaces and installs windows, entry doors and patio doors.",
      },
      {
        value: "insulation_contractor",
        label: "Insulation Contractor",
        description: "Installs spray foam, blown-in and batt insulation.",
      },
      {
        value: "foundation_repair",
        label: "Foundation Repair Specialist",
        description: "Repairs cracked, settling and leaking foundations and crawl spaces.",
      },
      {
        value: "handyman",
        label: "Handyman",
        description: "Small repairs, installs and punch-list work around the home.",
      },
      {
        value: "demolition_contractor",
        label: "Demolition Contractor",
        description: "Interior gut-outs and full structure demolition.",
      },
      {
        value: "solar_installer",
        label: "Solar Installer",
        description: "Designs and installs rooftop and ground-mount solar systems.",
      },
    ],
  },
  {
    value: "landscaping_exterior",
    label: "Landscaping & Exterior",
    description: "Yard, garden and exterior specialists who keep properties looking their best.",
    professions: [
      {
        value: "landscaper",
        label: "Landscaper",
        description: "Designs and installs plantings, beds, sod and outdoor features.",
      },
      {
        value: "lawn_care",
        label: "Lawn Care Specialist",
        description: "Mowing, fertilizing, aeration and seasonal yard maintenance.",
      },
      {
        value: "irrigation_specialist",
        label: "Irrigation Specialist",
        description: "Installs and repairs sprinkler and drip irrigation systems.",
      },
      {
        value: "tree_service",
        label: "Tree Service",
        description: "Tree trimming, removal, stump grinding and arborist care.",
      },
      {
        value: "hardscaper",
        label: "Hardscape Contractor",
        description: "Builds pavers, patios, walkways and outdoor kitchens.",
      },
      {
        value: "fence_installer",
        label: "Fence Installer",
        description: "Installs and repairs wood, vinyl, aluminum and chain-link fences.",
      },
      { value: "deck_builder", label: "Deck Builder", description: "Builds and repairs decks, porches and pergolas." },
      {
        value: "pool_contractor",
        label: "Pool Contractor",
        description: "Builds, services and renovates pools and spas.",
      },
      {
        value: "pressure_washer",
        label: "Pressure Washing Specialist",
        description: "Cleans siding, roofs, driveways and decks with pressure washing.",
      },
      {
        value: "snow_removal",
        label: "Snow Removal",
        description: "Plows driveways and lots and clears walks in winter.",
      },
    ],
  },
  {
    value: "property_management",
    label: "Property Management",
    description: "Managers and service providers who run and maintain occupied properties.",
    professions: [
      {
        value: "property_manager",
        label: "Property Manager",
        description: "Manages tenants, rent collection and maintenance for owners.",
      },
      {
        value: "hoa_manager",
        label: "HOA / Community Manager",
        description: "Runs homeowner associations, budgets and common-area upkeep.",
      },
      {
        value: "short_term_rental_manager",
        label: "Short-Term Rental Manager",
        description: "Manages vacation and short-term rental listings, guests and turnovers.",
      },
      {
        value: "maintenance_technician",
        label: "Maintenance Technician",
        description: "Handles routine repairs and make-ready work for rental properties.",
      },
      {
        value: "cleaning_service",
        label: "Cleaning Service",
        description: "Residential, move-in/move-out and post-construction cleaning.",
      },
      {
        value: "pest_control",
        label: "Pest Control",
        description: "Treats and prevents insects, rodents and wildlife problems.",
      },
      { value: "locksmith", label: "Locksmith", description: "Rekeys, installs and repairs locks and access systems." },
      {
        value: "home_watch",
        label: "Home Watch Service",
        description: "Checks on vacant and seasonal homes while owners are away.",
      },
    ],
  },
  {
    value: "marketing_support",
    label: "Staging & Marketing Support",
    description: "Staging, photography and media that help properties sell and rent faster.",
    professions: [
      {
        value: "photographer",
        label: "Real Estate Photographer",
        description: "Shoots listing, architectural and twilight photos of properties.",
      },
      {
        value: "videographer",
        label: "Videographer",
        description: "Produces walkthrough videos and property marketing films.",
      },
      {
        value: "drone_pilot",
        label: "Drone Pilot",
        description: "FAA-certified aerial photos and video of homes and land.",
      },
      {
        value: "home_stager",
        label: "Home Stager",
        description: "Furnishes and styles homes so they show and sell better.",
      },
      {
        value: "virtual_tour_specialist",
        label: "3D Virtual Tour Specialist",
        description: "Captures 3D tours and floor plans for online listings.",
      },
      {
        value: "virtual_stager",
        label: "Virtual Stager",
        description: "Digitally furnishes empty rooms in listing photos.",
      },
      {
        value: "real_estate_marketer",
        label: "Real Estate Marketing Specialist",
        description: "Creates listing copy, signage, ads and social campaigns.",
      },
    ],
  },
  {
    value: "waste_salvage",
    label: "Waste & Salvage",
    description: "Hauling, disposal and salvage so debris and reusable materials go to the right place.",
    professions: [
      {
        value: "junk_removal",
        label: "Junk Removal",
        description: "Hauls away furniture, appliances, debris and clutter.",
      },
      {
        value: "hauler",
        label: "Hauler",
        description: "Transports materials, equipment and debris by truck or trailer.",
      },
      {
        value: "dumpster_rental",
        label: "Dumpster Rental",
        description: "Delivers and picks up roll-off dumpsters for projects.",
      },
      {
        value: "estate_cleanout",
        label: "Estate Cleanout Specialist",
        description: "Clears out estates, foreclosures and hoarding situations.",
      },
      {
        value: "scrap_metal_recycler",
        label: "Scrap Metal Recycler",
        description: "Buys and recycles copper, aluminum, steel and appliances.",
      },
      {
        value: "architectural_salvage",
        label: "Architectural Salvage Dealer",
        description: "Recovers and resells doors, fixtures, lumber and period details.",
      },
      {
        value: "abatement_contractor",
        label: "Asbestos & Lead Abatement",
        description: "Safely removes asbestos, lead paint and other hazardous materials.",
      },
    ],
  },
  {
    value: "ancillary_professionals",
    label: "Ancillary Professionals",
    description: "Specialists who support owners before, during and after a move or project.",
    professions: [
      {
        value: "moving_company",
        label: "Moving Company",
        description: "Local and long-distance residential and office moves.",
      },
      {
        value: "restoration_specialist",
        label: "Water & Fire Restoration",
        description: "Dries out, cleans up and rebuilds after water, fire or storm damage.",
      },
      {
        value: "security_installer",
        label: "Security System Installer",
        description: "Installs alarms, cameras and access control.",
      },
      {
        value: "smart_home_installer",
        label: "Smart Home Installer",
        description: "Sets up networks, smart thermostats, lighting and home automation.",
      },
      {
        value: "appliance_repair",
        label: "Appliance Repair Technician",
        description: "Repairs and installs kitchen and laundry appliances.",
      },
      {
        value: "chimney_sweep",
        label: "Chimney Sweep",
        description: "Cleans, inspects and repairs chimneys and fireplaces.",
      },
      { value: "mobile_notary", label: "Mobile Notary", description: "Notarizes closing and loan documents on site." },
      {
        value: "home_warranty_provider",
        label: "Home Warranty Provider",
        description: "Offers service contracts that cover home systems and appliances.",
      },
    ],
  },
] as const satisfies readonly ProfessionCategoryDef[];

type CategoryTuple = typeof PROFESSION_CATEGORIES;
export type ProfessionCategoryValue = CategoryTuple[number]["value"];
export type ProfessionValue = CategoryTuple[number]["professions"][number]["value"];

export interface ProfessionEntry extends ProfessionDef {
  readonly value: ProfessionValue;
  readonly category: ProfessionCategoryValue;
}

/** Every profession, flattened, each with its category. */
export const ALL_PROFESSIONS: readonly ProfessionEntry[] = PROFESSION_CATEGORIES.flatMap((category) =>
  category.professions.map((profession): ProfessionEntry => ({
    value: profession.value,
    label: profession.label,
    description: profession.description,
    category: category.value,
  })),
);

export const PROFESSION_CATEGORY_VALUES: readonly ProfessionCategoryValue[] = PROFESSION_CATEGORIES.map(
  (category) => category.value,
);

const professionsByValue: ReadonlyMap<string, ProfessionEntry> = new Map(
  ALL_PROFESSIONS.map((profession) => [profession.value, profession]),
);
const categoriesByValue: ReadonlyMap<string, (typeof PROFESSION_CATEGORIES)[number]> = new Map(
  PROFESSION_CATEGORIES.map((category) => [category.value, category]),
);

export function isProfession(value: unknown): value is ProfessionValue {
  return typeof value === "string" && professionsByValue.has(value);
}

export function isProfessionCategory(value: unknown): value is ProfessionCategoryValue {
  return typeof value === "string" && categoriesByValue.has(value);
}

/** The profession's label; an unknown value is returned unchanged. */
export function professionLabel(value: string): string {
  return professionsByValue.get(value)?.label ?? value;
}

/** The category's label; an unknown value is returned unchanged. */
export function categoryLabel(value: string): string {
  return categoriesByValue.get(value)?.label ?? value;
}

/** The category a profession belongs to, or undefined for an unknown value. */
export function categoryOfProfession(value: string): ProfessionCategoryValue | undefined {
  return professionsByValue.get(value)?.category;
}
