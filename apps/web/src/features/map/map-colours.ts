/**
 * The map's colours in one place, so each mark keeps a colour of its own: the focus ring must never be
 * taken for wreckage (cyan) or a contested cell (gold).
 */
export const MARK_COLOURS = {
  focus: '#ff1e78',
  wreckage: '#5ce1e6',
  home: '#9dff12',
  /** Alliance members' territories: a blue of their own, far from the wreckage cyan and the focus pink. */
  ally: '#3d7bff',
} as const;

/** The legend under the map: what each fill means. */
export const LEGEND: readonly (readonly [label: string, colour: string])[] = [
  ['Yours', 'rgba(157, 255, 18, 0.8)'],
  ['Alliance members', MARK_COLOURS.ally],
  ['Other players', 'rgba(255, 110, 60, 0.85)'],
  ['Contested', 'rgba(255, 196, 48, 0.85)'],
  ['No owner', 'rgba(176, 115, 255, 0.7)'],
  ['Empty', 'rgba(140, 160, 230, 0.35)'],
  ['Wreckage', MARK_COLOURS.wreckage],
];
