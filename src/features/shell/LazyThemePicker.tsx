import { lazy, Suspense } from "react";
import { useAfterFirstPaint } from "@/app/afterFirstPaint";

// The theme picker (src/features/site) in the footer loads once the page has loaded: it is below
// the fold, never part of what the first paint needs.
const ThemePicker = lazy(() => import("@/features/site/ThemePicker").then((m) => ({ default: m.ThemePicker })));

export function LazyThemePicker() {
  const afterFirstPaint = useAfterFirstPaint();
  if (!afterFirstPaint) return null;
  return (
    <Suspense fallback={null}>
      <ThemePicker />
    </Suspense>
  );
}
