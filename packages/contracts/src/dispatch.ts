/**
 * Core spec 5 "Dispatch" and "Gather": the sentences a player reads when a fleet cannot be sent,
 * word for word. The web's form shows them before sending and the server answers them as {detail}
 * when a request gets past the form, so both read this one list.
 */
export const DISPATCH_SENTENCES = {
  coordinatesMissing: 'Please enter valid R, S, and P target coordinates.',
  coordinatesInvalid: 'Coordinates must be valid, non-negative numbers.',
  sameAsStart: 'Target coordinates cannot be the same as the starting territory.',
  noUnits: 'Please select at least one unit to send.',
  cannotMove: 'Selected units cannot move. Add at least one unit with speed > 0 or change mission.',
  cargoExceeded: 'Selected resources exceed fleet cargo capacity.',
  explorationInvalid: 'Please enter a valid exploration duration (positive number).',
  gatherEmpty: 'Please add at least one fleet to gather.',
} as const;

export const explorationTooLong = (hours: number, max: number) => `Exploration duration (${hours}h) exceeds your maximum allowed (${max}h).`;
