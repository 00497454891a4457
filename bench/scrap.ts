// Documents read by the scrap listing queries at two table sizes (issue 17): the point is that
// they do not grow with the listings table. Seeds demo users (seed/run:run, no jobs), then open
// listings across the seed's cities with seed/scrap:benchListings in batches. See bench/README.md.
//
//   node --import tsx bench/scrap.ts [--sizes 1000,100000]
import { FIRST_PAGE as page, readCase as c, runDemoReadsBench } from "./lib/demo";

await runDemoReadsBench({
  name: "scrap",
  rowsLabel: "listings",
  defaultSizes: "1000,100000",
  growWith: "seed/scrap:benchListings",
  ownerArg: "listerId",
  batch: 1000,
  cases: ({ pro }) => [
    c("list newest", "scrap:list", { paginationOpts: page }),
    c("list newest, category", "scrap:list", { category: "metal", paginationOpts: page }),
    c("list place 'austin'", "scrap:list", { place: "austin", paginationOpts: page }),
    c("list place '787' (ZIP part)", "scrap:list", { place: "787", paginationOpts: page }),
    c("list ZIP 78701 within 10 mi", "scrap:list", { zip: "78701", radius: 10, paginationOpts: page }),
    c("list ZIP 78701 within 25 mi, category", "scrap:list", { zip: "78701", radius: 25, category: "metal", paginationOpts: page }),
    c("nearby (dashboard, pro in Austin)", "scrap:nearby", {}, pro),
  ],
});
