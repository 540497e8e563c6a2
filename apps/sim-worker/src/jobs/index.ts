import type { JobDefinition } from '@brood/world';
import { guestExpiryJob } from './guest-expiry.job';
import { queueItemDueJob, queueItemsCatchUpJob } from './queue-item-due.job';
import { scoreRanksCompactJob } from './score-ranks-compact.job';
import { scoresRecomputeJob } from './scores-recompute.job';
import { movementArrivalJob, movementsCatchUpJob } from './movement-arrival.job';
import { wreckageExpiryJob } from './wreckage-expiry.job';
import { addressRetentionJob } from './address-retention.job';
import { messageRetentionJob } from './message-retention.job';

/** Every job the sim-worker runs (one <event>.job.ts each). Add yours here. */
export const jobs: JobDefinition[] = [
  guestExpiryJob, queueItemDueJob, queueItemsCatchUpJob, scoresRecomputeJob, scoreRanksCompactJob, movementArrivalJob, movementsCatchUpJob, wreckageExpiryJob, addressRetentionJob, messageRetentionJob,
];
