// The Convex function references, generated from convex/ (npx convex codegen).
export { api } from "../../convex/_generated/api";
