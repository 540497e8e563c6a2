import { z } from 'zod';
import newPlayerFile from '../data/new-player.json';
import type { DeepReadonly } from './schema';

/** Milestones of a new player's timeline that the simulation reports (game-core's simulateNewPlayer). */
export const MILESTONES = ['first_structure', 'first_research', 'first_unit', 'first_combat_unit', 'first_transport', 'first_colonizer', 'first_defense'] as const;
export const MilestoneSchema = z.enum(MILESTONES);
export type Milestone = z.infer<typeof MilestoneSchema>;

const positive = z.number().finite().positive();

/**
 * What the designer's check demands of a new player's first days (data/new-player.json): the
 * universe speed and length of the simulation, the longest wait with nothing affordable that may
 * begin within the first hours, and the hours by which milestones must have become possible.
 */
export const NewPlayerBoundsSchema = z.strictObject({
  universe_speed_factor: positive,
  simulated_hours: positive,
  /** units of these archetypes are no combat units; a transport is one of them with cargo and no capability */
  worker_archetypes: z.array(z.string().min(1)),
  longest_wait: z.array(z.strictObject({ within_hours: positive, max_minutes: positive })),
  milestones_within_hours: z.partialRecord(MilestoneSchema, positive),
});
export type NewPlayerBounds = DeepReadonly<z.infer<typeof NewPlayerBoundsSchema>>;

/** Validates bounds; the error lists every path, as the catalogue's problems do. */
export function validateNewPlayerBounds(raw: unknown): { bounds?: NewPlayerBounds; problems: string[] } {
  const parsed = NewPlayerBoundsSchema.safeParse(raw);
  if (parsed.success) return { bounds: parsed.data, problems: [] };
  return { problems: parsed.error.issues.map((i) => `new-player.${i.path.join('.')}: ${i.message}`) };
}

/** The shipped bounds of data/new-player.json, validated (throws listing every problem). */
export function loadNewPlayerBounds(): NewPlayerBounds {
  const { bounds, problems } = validateNewPlayerBounds(newPlayerFile);
  if (!bounds) throw new Error(`Invalid new-player bounds:\n  ${problems.join('\n  ')}`);
  return bounds;
}
