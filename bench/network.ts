// Documents read by the directory, network and suggestion queries as the
// number of professionals grows (default 1,200 and 50,000): they must not
// grow with the users table. Professionals come from the deterministic seed
// (seed/run:run with larger sizes adds only the missing rows).
//
//   node --import tsx bench/network.ts [--sizes 1200,50000]
import { seedDemoUsers } from "./lib/demo";
import { runReadsBench, sizesFlag } from "./lib/reads";

let pro = "";
let owner = "";

await runReadsBench({
  name: "network",
  rowsLabel: "professionals",
  sizes: sizesFlag(process.argv, "1200,50000"),
  async setup(call) {
    ({ pro, owner } = await seedDemoUsers(call));
    const page = { numItems: 24, cursor: null };
    const c = (label: string, udfPath: string, args: Record<string, unknown>, as: string) => ({ label, udfPath, args, as });
    return [
      c("directory, sort name", "professionals:search", { sortBy: "name", limit: 24 }, owner),
      c("directory, sort rating, 4+ stars", "professionals:search", { sortBy: "rating", minRating: 4, limit: 24 }, owner),
      c("directory, state TX", "professionals:search", { state: "TX", limit: 24 }, owner),
      c("directory, category + state", "professionals:search", { category: "construction_renovation", state: "TX", limit: 24 }, owner),
      c("directory, ZIP 78701 (25 mi)", "professionals:search", { zipCode: "78701", limit: 24 }, owner),
      c("network browse, text 'roof'", "connections:browse", { q: "roof", paginationOpts: page }, pro),
      c("network browse, sort name", "connections:browse", { sort: "name", paginationOpts: page }, pro),
      c("network browse, recent", "connections:browse", { paginationOpts: page }, pro),
      c("suggestions (top 6)", "connections:suggestions", {}, pro),
      c("customer: nearby pros", "dashboard:nearbyProfessionals", {}, owner),
    ];
  },
  async grow(call, _from, to) {
    await call("seed/run:run", { professionals: to, homeowners: 400, jobs: 0 });
  },
});
