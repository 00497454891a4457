import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Button } from "@/components/ui";
import { installPlatform, MANUAL_INSTALL_STEPS, type InstallPlatform } from "./install";

// Loaded by InstallPrompt.tsx only when the steps are first needed: Headless UI's dialog is not
// part of any page's load.

const ORDER: InstallPlatform[] = ["ios", "android", "other"];

/** Spec §8's manual steps, as an alert dialog (this device's platform first). */
export default function ManualInstallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const platform = installPlatform();
  const steps = [platform, ...ORDER.filter((p) => p !== platform)];
  return (
    <Dialog open={open} onClose={onClose} role="alertdialog" className="fixed inset-0 z-[60] overflow-y-auto">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/60" />
      <div className="relative flex min-h-dvh items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl sm:p-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <DialogTitle as="h2" className="text-lg font-semibold">
            Install Rafter
          </DialogTitle>
          <Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Your browser can&apos;t install Rafter from this button. You can add it yourself:
          </Description>
          <ul className="mt-4 space-y-3 text-sm">
            {steps.map((key) => (
              <li key={key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <p className="font-semibold">
                  {MANUAL_INSTALL_STEPS[key].title}
                  {key === platform && key !== "other" && (
                    <span className="font-normal text-slate-700 dark:text-slate-300"> (this device)</span>
                  )}
                </p>
                <p className="mt-0.5 text-slate-700 dark:text-slate-300">{MANUAL_INSTALL_STEPS[key].text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex justify-end">
            <Button onClick={onClose} data-autofocus>
              Got it
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
