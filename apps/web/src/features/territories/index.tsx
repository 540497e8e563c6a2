// Placeholder created by the web shell so the header builds; the territories feature replaces this file.
export function TerritoryPicker() {
  return null;
}
