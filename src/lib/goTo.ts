/**
 * Where a checkout, portal or onboarding sends the member next: inside the app by the router (no
 * reload), anywhere else (Stripe's hosted pages) by the browser.
 */
export function goTo(url: string, navigate: (path: string) => void): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
  else window.location.assign(target.href);
}
