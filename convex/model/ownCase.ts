// Nobody judges their own case: an admin's decisions about a member (moderating their content,
// banning, clearing, settling their payment) are refused when that member is the admin, as
// credential verification refuses an admin's own licence. Another admin must decide.
import type { Doc, Id } from "../_generated/dataModel";
import { AdminCopy } from "../../common/admin";
import { forbidden } from "./errors";

/** Refuses when the deciding admin is one of the members the decision is about. */
export function refuseOwnCase(admin: Doc<"users">, ...members: (Id<"users"> | undefined)[]): void {
  if (members.includes(admin._id)) forbidden(AdminCopy.ownCase);
}
