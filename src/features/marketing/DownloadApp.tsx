import { useId, useState } from "react";
import { Alert, Button } from "@/components/ui";
import { installPlatform, MANUAL_INSTALL_STEPS, promptInstall, useInstallState } from "@/features/site/install";
import { Icon } from "./icons";

// Landing A's Download App button (spec §1 "an installable app", §8 "Install"): the browser's
// install prompt when it offered one (kept by the site's install module), otherwise the manual
// steps for this device, shown under the button. Hidden once the app is installed.

export function DownloadApp() {
  const { installed } = useInstallState();
  const [busy, setBusy] = useState(false);
  const [showSteps, setShowSteps] = useState(false);
  const stepsId = useId();

  if (installed) return null;

  const install = async () => {
    setBusy(true);
    try {
      if ((await promptInstall()) === "unavailable") setShowSteps(true);
    } finally {
      setBusy(false);
    }
  };

  // Only once shown: the platform comes from the browser (the button is also rendered at build time, src/prerender).
  const steps = showSteps ? MANUAL_INSTALL_STEPS[installPlatform()] : null;
  return (
    <div className="flex w-full max-w-md flex-col items-center gap-3">
      <Button
        variant="secondary"
        loading={busy}
        loadingText="Installing..."
        onClick={() => void install()}
        aria-controls={showSteps ? stepsId : undefined}
      >
        <Icon name="download" className="size-5" />
        Download App
      </Button>
      {steps && (
        <Alert id={stepsId} variant="info" title="Install Rafter on this device" className="w-full text-left">
          {steps.title}: {steps.text}
        </Alert>
      )}
    </div>
  );
}
