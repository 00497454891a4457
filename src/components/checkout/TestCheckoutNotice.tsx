import type { ReactNode } from "react";
import { Alert } from "@/components/ui";

/** The local payments mode says so on each of its pages: nothing is charged, and which cards to use. */
export function TestCheckoutNotice({ title = "Test checkout", children }: { title?: string; children?: ReactNode }) {
  return (
    <Alert variant="info" title={title}>
      {children ?? (
        <>
          Payments run in local test mode: no card is charged. Use 4242 4242 4242 4242 with any future date and any CVC;
          4000 0000 0000 0002 is declined.
        </>
      )}
    </Alert>
  );
}
