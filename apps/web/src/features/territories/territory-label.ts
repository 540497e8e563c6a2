/** A territory as the picker lists it: 'name (region-sub_region-position)'. */
export function territoryLabel(t: { name: string; region: number; sub_region: number; position: number }): string {
  return `${t.name} (${t.region}-${t.sub_region}-${t.position})`;
}
