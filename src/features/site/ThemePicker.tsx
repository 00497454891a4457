/** The light / dark / system choice, placed by the shell in the header menu and the footer. */
export function ThemePicker() {
  return null;
}
