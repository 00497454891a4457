export function JobSearchPage() {
  return null;
}
