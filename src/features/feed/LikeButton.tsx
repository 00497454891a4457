import { LIKE_TYPES, type LikeType } from "@common/socialCatalog";
import { ActionMenu } from "@/components/ui/ActionMenu";
import { StrokeIcon } from "@/components/ui/Icon";
import { cn } from "@/lib/cn";

// Like, with the spec's like types (like, helpful, inspiring): the button toggles the viewer's
// reaction (a plain Like when there is none); the arrow beside it picks another type. The current
// one reads "(undo)": Headless UI's menu items are always role="menuitem", so no radio state.

const ICONS: Record<LikeType, string> = {
  like: "M7 11v9H4v-9h3zm0 0 4-8a2 2 0 0 1 2 2v4h5a2 2 0 0 1 2 2.3l-1.2 6.7a2 2 0 0 1-2 1.7H7",
  helpful: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z",
  inspiring: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3z",
};

const labelOf = (type: LikeType) => LIKE_TYPES.find((t) => t.value === type)!.label;

export const actionClasses =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-semibold sm:px-3 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800";

export function LikeButton({
  viewerLike,
  onToggle,
  disabled,
  size = "md",
  what = "post",
}: {
  viewerLike: LikeType | null;
  onToggle: (likeType: LikeType) => void;
  disabled?: boolean;
  size?: "sm" | "md";
  /** Named in the type menu's label: "Choose a reaction to this post". */
  what?: string;
}) {
  const shown: LikeType = viewerLike ?? "like";
  const active = "text-brand-800 dark:text-brand-200";
  return (
    <div className="inline-flex items-center">
      <button
        type="button"
        aria-pressed={viewerLike !== null}
        disabled={disabled}
        onClick={() => onToggle(shown)}
        className={cn(actionClasses, size === "sm" && "min-h-9 px-2", viewerLike && active, "rounded-r-none")}
      >
        <StrokeIcon d={ICONS[shown]} className="size-5" />
        {labelOf(shown)}
      </button>
      <ActionMenu
        className="relative"
        disabled={disabled}
        buttonClassName={cn(actionClasses, size === "sm" && "min-h-9", "rounded-l-none px-2")}
        button={
          <>
            <StrokeIcon d="m6 9 6 6 6-6" className="size-4" />
            <span className="sr-only">Choose a reaction to this {what}</span>
          </>
        }
        anchor="bottom start"
        items={LIKE_TYPES.map((t) => ({
          label: t.label,
          icon: <StrokeIcon d={ICONS[t.value]} className="size-5" />,
          hint: viewerLike === t.value ? "(undo)" : undefined,
          onSelect: () => onToggle(t.value),
        }))}
      />
    </div>
  );
}
