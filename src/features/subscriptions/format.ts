import { planById, type PlanId } from "@common/plans";
export { goTo } from "@/lib/goTo";

export const longDate = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });

export const planName = (id: PlanId) => planById(id).name;
