// Documents read by the jobs queries at two table sizes: the point is that they
// do not grow with the jobs table. Seeds demo users (seed/run:run, no demo jobs),
// then jobs with seed/run:benchJobs in batches. See bench/README.md.
//
//   node --import tsx bench/jobs.ts [--sizes 1000,50000]
import { FIRST_PAGE as page, readCase as c, runDemoReadsBench } from "./lib/demo";

await runDemoReadsBench({
  name: "jobs",
  rowsLabel: "jobs",
  defaultSizes: "1000,50000",
  growWith: "seed/run:benchJobs",
  ownerArg: "customerId",
  // Each job reads ~5 index ranges (status counters); Convex allows 4,096 per function call.
  batch: 500,
  cases: ({ owner, pro }) => [
    c("browse recent", "jobs/browse:list", { paginationOpts: page }),
    c("browse recent, status", "jobs/browse:list", { status: "available", paginationOpts: page }),
    c("browse recent, status+category", "jobs/browse:list", { status: "available", category: "plumbing", paginationOpts: page }),
    c("browse budget", "jobs/browse:list", { sort: "budget", paginationOpts: page }),
    c("browse budget, status+category", "jobs/browse:list", { sort: "budget", status: "available", category: "roofing", paginationOpts: page }),
    c("browse urgency", "jobs/browse:list", { sort: "urgency", paginationOpts: page }),
    c("browse urgency, category", "jobs/browse:list", { sort: "urgency", category: "electrical", paginationOpts: page }),
    c("browse text 'kitchen'", "jobs/browse:list", { q: "kitchen", paginationOpts: page }),
    c("browse text 'kitchen', status", "jobs/browse:list", { q: "kitchen", status: "available", paginationOpts: page }),
    c("browse ZIP 78701 (25 mi)", "jobs/browse:list", { zip: "78701", paginationOpts: page }),
    c("browse ZIP 78701 (25 mi), category", "jobs/browse:list", { zip: "78701", category: "plumbing", paginationOpts: page }),
    c("recommended (pro, Austin)", "jobs/browse:recommended", {}, pro),
    c("dashboard.customer (owner)", "dashboard:customer", {}, owner),
  ],
});
