import type { z } from 'zod';
import { batchQueueRouter, startBatchSchema } from './batch-queue.router';

export const StartDefenseSchema = startBatchSchema('defense', 'defenses');
export type StartDefense = z.input<typeof StartDefenseSchema>;

/** Batches of defenses: one grows every duration_per_item_s, up to each defense's maximum. */
export const defenseRouter = batchQueueRouter('defense', StartDefenseSchema);
