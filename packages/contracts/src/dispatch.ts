import { z } from 'zod';

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

const required = (what: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'Field required' : `${what} must be a number`);

/** A territory id (REST passes the path segment converted with Number, so junk arrives as NaN and is refused here). */
export const territoryIdField = z.number({ error: required('Territory id') }).int('Territory id must be a whole number').positive('Territory id must be positive').max(2_147_483_647, 'Territory not found');

/** A target coordinate: missing and malformed values read as the spec's two sentences. */
export const coordinateField = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? DISPATCH_SENTENCES.coordinatesMissing : DISPATCH_SENTENCES.coordinatesInvalid) })
  .int(DISPATCH_SENTENCES.coordinatesInvalid)
  .min(0, DISPATCH_SENTENCES.coordinatesInvalid)
  .max(1_000_000, DISPATCH_SENTENCES.coordinatesInvalid);

/** One amount of a unit or resource map: a whole number from 0 to a billion. */
export const amountValue = (what: string) =>
  z.number({ error: `${what} amounts must be numbers` }).int(`${what} amounts must be whole numbers`).min(0, `${what} amounts cannot be negative`).max(1_000_000_000, `${what} amount is too large`);

/** What a map of amounts that is not an object is refused with. */
export const amountsMapError = (what: string) => `${what} must be a map of key to amount`;

/**
 * A map of catalogue key to whole amount (units, resources). Which keys exist is the api's to check
 * against the request's catalogue (own keys only): it extends this schema with that check.
 */
export const amountsField = (what: string) => z.record(z.string().min(1).max(64), amountValue(what), { error: amountsMapError(what) });

/**
 * POST /movements (core spec 3 "Movement (send payload)"): the one dispatch input the tRPC router, the
 * REST adapter, the web form and the command read. The missions come from game-core's mission table
 * (contracts import only zod), so the schema is made from them.
 */
export function sendMovementSchema<const M extends string>(missions: readonly [M, ...M[]]) {
  return z.object({
    start_territory_id: territoryIdField,
    target_region: coordinateField,
    target_sub_region: coordinateField,
    target_position: coordinateField,
    mission: z.enum(missions, { error: `mission must be one of ${missions.join(', ')}` }),
    units: amountsField('Unit').optional(),
    resources: amountsField('Resource').nullish(),
    exploration_duration_hours: z.number({ error: DISPATCH_SENTENCES.explorationInvalid }).nullish(),
  });
}
/** What a client sends. */
export type SendMovement<M extends string> = z.input<ReturnType<typeof sendMovementSchema<M>>>;
