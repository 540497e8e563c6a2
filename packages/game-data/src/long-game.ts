import { z } from 'zod';
import longGameFile from '../data/long-game.json';
import type { DeepReadonly } from './schema';

const positive = z.number().finite().positive();
const share = z.number().min(0).max(1);

/**
 * What the designer's check demands of the long game (data/long-game.json): the planners' run
 * (seed, days, speeds, the flight of a colonizer), the bounds on starts and tiers, the resources'
 * use, and the combat matrix's settings and bounds. A designer changes a bound on purpose, in the
 * same commit as the numbers it judges.
 */
export const LongGameBoundsSchema = z.strictObject({
  seed: z.string().min(1),
  simulated_days: z.number().int().positive(),
  /** the first speed is the one the bounds judge; the others are reported */
  speeds: z.array(positive).min(1),
  colony_flight_hours: z.number().finite().min(0),
  points_at_days: z.array(positive),
  /** both planners start a new level or a first unit on every day up to this one */
  starts_every_day_until: z.number().int().positive(),
  /** after the first day, no stretch without such a start is longer than this */
  max_hours_without_start: positive,
  /** every tier-5 structure, technology and unit becomes possible between these days */
  tier5_possible_between_days: z.tuple([positive, positive]),
  resource_min_cost_items: z.number().int().min(0),
  resource_min_producers: z.number().int().min(0),
  combat: z.strictObject({
    runs: z.number().int().positive(),
    mix_runs: z.number().int().positive(),
    mixes: z.number().int().positive(),
    /** score points x divisor each side brings to a fight (resources weighted by tier) */
    value_per_fight: positive,
    beats_win_share: share,
    beats_trade_ratio: positive,
    decisive_tiers: z.tuple([z.number().int(), z.number().int()]),
    decisive_loss_share: share,
    decisive_fights_share: share,
    defense_mix_trade_ratio: positive,
    defense_mix_min_share: share,
  }),
});
export type LongGameBounds = DeepReadonly<z.infer<typeof LongGameBoundsSchema>>;

export function validateLongGameBounds(raw: unknown): { bounds?: LongGameBounds; problems: string[] } {
  const parsed = LongGameBoundsSchema.safeParse(raw);
  if (parsed.success) return { bounds: parsed.data, problems: [] };
  return { problems: parsed.error.issues.map((i) => `long-game.${i.path.join('.')}: ${i.message}`) };
}

/** The shipped bounds of data/long-game.json, validated (throws listing every problem). */
export function loadLongGameBounds(): LongGameBounds {
  const { bounds, problems } = validateLongGameBounds(longGameFile);
  if (!bounds) throw new Error(`Invalid long-game bounds:\n  ${problems.join('\n  ')}`);
  return bounds;
}
