import type { FastifyInstance } from 'fastify';
import { BATCH_QUEUES, type BatchQueueKind, type StartBatchRequest } from '@brood/world';
import type { ContextFactory } from '../context';
import { restRoute, type Caller } from './route';
import { body, pathId, pathText } from './shared';

/** Where each batch queue sits under /api/v1/territories/:id. */
const PATHS = {
  recruitment: { items: 'units', queue: 'recruitment-queue' },
  defense: { items: 'defenses', queue: 'defense-queue' },
} as const satisfies Record<BatchQueueKind, { items: string; queue: string }>;

interface BatchProcedures<K extends BatchQueueKind> {
  start(input: StartBatchRequest<K>): Promise<unknown>;
  queue(input: { territory_id: number }): Promise<unknown>;
  cancel(input: { territory_id: number; queue_item_id: string }): Promise<unknown>;
}

/** Start a batch, the queue, cancel: the same three paths for units and defenses. */
function registerBatchQueueRest<K extends BatchQueueKind>(
  app: FastifyInstance,
  makeContext: ContextFactory,
  kind: K,
  procedures: (caller: Caller) => BatchProcedures<K>,
): void {
  const { items, queue } = PATHS[kind];
  const keyField = BATCH_QUEUES[kind].keyField;
  restRoute(
    app,
    makeContext,
    'POST',
    `/territories/:id/${items}`,
    (caller, req) => {
      const b = body(req);
      const input = { territory_id: pathId(req), [keyField]: b[keyField] as string, quantity: b.quantity as number } as StartBatchRequest<K>;
      return procedures(caller).start(input);
    },
    201,
  );
  restRoute(app, makeContext, 'GET', `/territories/:id/${queue}`, (caller, req) => procedures(caller).queue({ territory_id: pathId(req) }));
  restRoute(app, makeContext, 'DELETE', `/territories/:id/${queue}/:queueItemId`, (caller, req) =>
    procedures(caller).cancel({ territory_id: pathId(req), queue_item_id: pathText(req, 'queueItemId') }),
  );
}

/** /api/v1 recruitment: start a batch of units, the queue, cancel. */
export function registerRecruitmentRest(app: FastifyInstance, makeContext: ContextFactory): void {
  registerBatchQueueRest(app, makeContext, 'recruitment', (caller) => caller.recruitment);
}

/** /api/v1 defenses: start a batch, the queue, cancel. */
export function registerDefenseRest(app: FastifyInstance, makeContext: ContextFactory): void {
  registerBatchQueueRest(app, makeContext, 'defense', (caller) => caller.defense);
}
