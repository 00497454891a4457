import { useState } from "react";
import { Button, type ButtonProps } from "./Button";

/** A button for one async action: shows progress and ignores clicks until it settles. */
export function ActionButton({
  onRun,
  busyLabel,
  ...rest
}: Omit<ButtonProps, "onClick" | "loading" | "loadingText"> & { onRun: () => Promise<unknown>; busyLabel: string }) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onRun();
    } finally {
      setBusy(false);
    }
  };
  return <Button {...rest} loading={busy} loadingText={busyLabel} onClick={() => void click()} />;
}
