import { cn } from "@/lib/cn";
import { StrokeIcon } from "./Icon";

/** The "x" that closes a toast or a banner: `label` names what it dismisses (for screen readers), `className` adds padding and colours. */
export function DismissButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button type="button" onClick={onClick} className={cn("-m-1 shrink-0 rounded", className)}>
      <span className="sr-only">{label}</span>
      <StrokeIcon d="m6 6 12 12M18 6 6 18" className="size-5" />
    </button>
  );
}
