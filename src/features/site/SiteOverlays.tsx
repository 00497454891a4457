/** Site-wide overlays mounted once by the shell: cookie banner, promo banner, install prompt. */
export function SiteOverlays() {
  return null;
}
