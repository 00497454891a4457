import { StrokeIcon } from "@/components/ui/Icon";
import { cn } from "@/lib/cn";

// The public pages' icon shapes, drawn by the shared StrokeIcon (no icon library in the
// landing's first-load JS). Always decorative: the text next to them says it.

const paths = {
  home: "M3 11 12 4l9 7M5 10v10h14V10M10 20v-6h4v6",
  building: "M4 21V5l8-3v19M12 8h8v13M8 7h.01M8 11h.01M8 15h.01M16 12h.01M16 16h.01M2 21h20",
  hammer: "m14 7-9.5 9.5a2.1 2.1 0 0 0 3 3L17 10M12 5l4-2 5 5-2 4-7-7Z",
  leaf: "M5 21c0-9 5-15 15-16-1 10-7 15-15 16ZM5 21l8-8",
  camera: "M4 8h3l2-3h6l2 3h3v11H4V8Zm8 9a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5",
  ruler: "m3 17 14-14 4 4L7 21l-4-4Zm4-4 2 2m1-5 2 2m1-5 2 2",
  wrench: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5Z",
  plus: "M12 5v14M5 12h14",
  clipboard: "M9 4h6v3H9V4ZM7 5H5v16h14V5h-2M8 12h8M8 16h5",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7M19 21a7 7 0 0 0-3-5.7",
  star: "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9L12 3Z",
  user: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9ZM4 21a8 8 0 0 1 16 0",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
  trending: "m3 17 6-6 4 4 8-8M15 7h6v6",
  shield: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Zm-3.5 9 2.5 2.5 4.5-5",
  share:
    "M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-14v5l3 3",
  zap: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  chart: "M4 20V10m6 10V4m6 16v-7m5 7H3",
  check: "m5 12 5 5L20 7",
  briefcase: "M4 7h16v13H4V7Zm5 0V4h6v3M4 13h16",
  dollar: "M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
  map: "M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14",
  mail: "M3 6h18v12H3V6Zm0 0 9 7 9-7",
  download: "M12 3v12m-5-5 5 5 5-5M4 21h16",
  bolt: "M7 2v11h3v9l7-12h-4l4-8H7Z",
  truck: "M3 6h11v10H3V6Zm11 4h4l3 3v3h-7v-6ZM7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z",
  paint: "M4 4h13v5H4V4Zm13 2h3v6h-8v3m-1 0h2v6h-2v-6Z",
  key: "M15 9a4 4 0 1 0-3.9 4.9L9 16v2H7v2H4v-3l5.1-5.1A4 4 0 0 0 15 9Zm1-1h.01",
  arrow: "M5 12h14m-6-6 6 6-6 6",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <StrokeIcon d={paths[name]} strokeWidth={1.8} className={className} />;
}

/** An icon on a tinted tile, as used on the cards of the public pages. */
export function IconTile({ name, className }: { name: IconName; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-200",
        className,
      )}
    >
      <Icon name={name} />
    </span>
  );
}
