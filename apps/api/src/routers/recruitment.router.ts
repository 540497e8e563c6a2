import type { z } from 'zod';
import { batchQueueRouter, startBatchSchema } from './batch-queue.router';

export const StartRecruitmentSchema = startBatchSchema('recruitment', 'units');
export type StartRecruitment = z.input<typeof StartRecruitmentSchema>;

/** Batches of units: one hatches every duration_per_item_s. */
export const recruitmentRouter = batchQueueRouter('recruitment', StartRecruitmentSchema);
