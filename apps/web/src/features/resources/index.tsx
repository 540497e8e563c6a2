// Placeholder created by the web shell so the dashboard builds; the resources feature replaces this file.
export function ResourceBar() {
  return null;
}
