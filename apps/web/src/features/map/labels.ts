/** Social spec 9: names are cut to these lengths wherever the map shows them. */
export const TRUNCATE = {
  territoryName: 20,
  ownerInTooltip: 18,
  ownerOnMap: 10,
  myTerritoriesName: 15,
} as const;

/** Cuts text to `max` characters, marking the cut with an ellipsis (which counts towards `max`). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}
