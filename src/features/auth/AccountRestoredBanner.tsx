import { useMutation } from "convex/react";
import { SettingsCopy } from "@common/account";
import type { Viewer } from "@/app/session";
import { Alert, Button } from "@/components/ui";
import { api } from "@/lib/api";

/** After a sign-in restored a deleted account (within its 30 days): says so until dismissed. */
export function AccountRestoredBanner({ viewer }: { viewer: Viewer }) {
  const dismiss = useMutation(api.accountDeletion.dismissRestored);
  if (!viewer.accountRestored) return null;
  return (
    <div className="space-y-2">
      <Alert variant="success" live="polite" title="Account restored">
        {SettingsCopy.accountRestored}
      </Alert>
      <Button variant="secondary" size="sm" onClick={() => void dismiss({})}>
        Dismiss
      </Button>
    </div>
  );
}
