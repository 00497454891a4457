import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui";
import { cn } from "@/lib/cn";
import { useDocumentState } from "@/lib/documentState";
import { readStored, useMediaQuery, writeStored } from "./browser";
import {
  INSTALL_PROMPT_DELAY_MS,
  INSTALL_PROMPT_MEDIA,
  INSTALL_PROMPT_SEEN_KEY,
  isMobileDevice,
  promptInstall,
  useInstallState,
  type InstallOutcome,
} from "./install";

/** Runs the install: the browser's prompt when it offered one, otherwise the manual steps (spec §8). */
function useInstallFlow(onFinished?: (outcome: InstallOutcome) => void) {
  const [busy, setBusy] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);

  const start = useCallback(async () => {
    setBusy(true);
    let outcome: InstallOutcome;
    try {
      outcome = await promptInstall();
    } finally {
      setBusy(false);
    }
    if (outcome === "unavailable") setManualOpen(true);
    else onFinished?.(outcome);
  }, [onFinished]);

  const closeManual = useCallback(() => {
    setManualOpen(false);
    onFinished?.("unavailable");
  }, [onFinished]);

  return { busy, start, manualOpen, closeManual };
}

const LazyManualInstallDialog = lazy(() => import("./ManualInstallDialog"));

/** Spec §8's manual steps, as an alert dialog; its code loads the first time it opens, then it stays mounted. */
export function ManualInstallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyManualInstallDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

/**
 * Spec §4 "Install prompt": on widths of 768 px or less, about 3 s after load, unless dismissed
 * before (remembered) or running installed. Install shows the browser's prompt ('Installing...'
 * while it runs) or the manual steps.
 */
export function InstallPrompt({ className }: { className?: string }) {
  const { installed } = useInstallState();
  const narrow = useMediaQuery(INSTALL_PROMPT_MEDIA);
  const [due, setDue] = useState(false);
  const [seen, setSeen] = useState(() => readStored(INSTALL_PROMPT_SEEN_KEY) !== null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), INSTALL_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const remember = useCallback(() => {
    writeStored(INSTALL_PROMPT_SEEN_KEY, new Date().toISOString());
    setSeen(true);
  }, []);
  const flow = useInstallFlow(remember);

  const show = due && narrow && !seen && !installed;
  // Once the delay has passed: whether the prompt is up ("shown") or not for this visitor ("not-shown").
  useDocumentState("install-prompt", due ? (show ? "shown" : "not-shown") : null);
  return (
    <>
      {show && (
        <section
          aria-labelledby={titleId}
          aria-describedby={textId}
          className={cn(
            "pointer-events-auto flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
            className,
          )}
        >
          <div className="flex items-start gap-3">
            <img src="/icon-192.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg" />
            <div className="min-w-0">
              <h2 id={titleId} className="font-semibold">
                Install Rafter
              </h2>
              <p id={textId} className="text-sm text-slate-700 dark:text-slate-300">
                Add Rafter to your home screen for quick access to jobs, messages and your network.
              </p>
            </div>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={remember} disabled={flow.busy}>
              Not now
            </Button>
            <Button size="sm" loading={flow.busy} loadingText="Installing..." onClick={() => void flow.start()}>
              Install
            </Button>
          </div>
        </section>
      )}
      <ManualInstallDialog open={flow.manualOpen} onClose={flow.closeManual} />
    </>
  );
}

export interface InstallButtonProps extends Omit<ButtonProps, "onClick" | "loading" | "loadingText"> {
  label?: string;
}

/**
 * An "Install App" button for menus (spec §4): hidden when installed, shown only when the
 * browser offers an install prompt or the device is mobile; 'Installing...' while the prompt runs.
 */
export function InstallButton({ label = "Install App", variant = "secondary", ...rest }: InstallButtonProps) {
  const { canPrompt, installed } = useInstallState();
  const narrow = useMediaQuery(INSTALL_PROMPT_MEDIA);
  const flow = useInstallFlow();
  if (installed || !(canPrompt || narrow || isMobileDevice())) {
    // Keep the dialog mounted while it closes.
    return <ManualInstallDialog open={flow.manualOpen} onClose={flow.closeManual} />;
  }
  return (
    <>
      <Button
        variant={variant}
        loading={flow.busy}
        loadingText="Installing..."
        onClick={() => void flow.start()}
        {...rest}
      >
        {label}
      </Button>
      <ManualInstallDialog open={flow.manualOpen} onClose={flow.closeManual} />
    </>
  );
}
