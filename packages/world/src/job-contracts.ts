import { z } from 'zod';
import { jobContract } from './jobs';

/**
 * Every job of the game, declared once: the command that schedules it and the sim-worker handler
 * that runs it both import the contract from here.
 */
export const JOBS = {
  /** A building, research, recruitment or defense item reached its end time. */
  queueItemDue: jobContract('queue-item-due', z.object({ id: z.uuid() })),
  /** Every minute: items whose end time passed without their job having run. */
  queueItemsCatchUp: jobContract('queue-items-catch-up', z.object({}).loose()),
  /** A fleet reached the end of a leg (its target, or home); `leg` tells which scheduled arrival this is. */
  movementArrival: jobContract('movement-arrival', z.object({ id: z.uuid(), leg: z.number().int().min(0) })),
  /** Every minute: fleets whose arrival time passed without their job having run. */
  movementsCatchUp: jobContract('movements-catch-up', z.object({}).loose()),
  /** Every minute: expired guests removed, throttling windows pruned. */
  guestExpiry: jobContract('guest-expiry', z.object({}).loose()),
  /** Every 10 minutes: every score recomputed from the world; disagreements logged and repaired. */
  scoresRecompute: jobContract('scores-recompute', z.object({}).loose()),
  /** Every minute: the rank histogram's counts folded into one row per bucket. */
  scoreRanksCompact: jobContract('score-ranks-compact', z.object({}).loose()),
  /** Every minute: wreckage fields past their lifetime deleted. */
  wreckageExpiry: jobContract('wreckage-expiry', z.object({}).loose()),
  /** Every hour: addresses older than `address_retention_days` removed (docs/privacy.md). */
  addressRetention: jobContract('address-retention', z.object({}).loose()),
  /** A Web Push announcing one notification or private message to one subscription; a push service's 429 or 5xx is tried again, waiting longer each time. */
  pushDelivery: jobContract('push-delivery', z.union([z.object({ notification_id: z.uuid(), subscription_id: z.number().int().positive() }), z.object({ message_id: z.number().int().positive(), subscription_id: z.number().int().positive() })]), { retryLimit: 6, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 }),
  /** Every hour: players' messages older than the universe's messages.retention_days removed. */
  messageRetention: jobContract('message-retention', z.object({}).loose()),
} as const;
