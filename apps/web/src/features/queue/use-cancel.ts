import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeApiError } from '../../lib/api-errors';
import { useTRPC } from '../../trpc';

export type QueueKind = 'building' | 'research' | 'recruitment' | 'defense';

/** The queue cancel error (core §8): 'Error: {message}'. */
export const cancelErrorText = (message: string) => `Error: ${message}`;

const cancelMeta = { errorToast: (info: { detail: string }) => cancelErrorText(info.detail) };

/**
 * Cancels an item of one of the four queues, refreshing the queue and the paying territory's stock.
 * Returns the cancel function, the id being cancelled, and the last error per item id.
 */
export function useCancelQueueItem() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => {
    void client.invalidateQueries(trpc.construction.queue.queryFilter());
    void client.invalidateQueries(trpc.research.queue.queryFilter());
    void client.invalidateQueries(trpc.recruitment.queue.queryFilter());
    void client.invalidateQueries(trpc.defense.queue.queryFilter());
    void client.invalidateQueries(trpc.territories.pathFilter());
  };
  const building = useMutation(trpc.construction.cancel.mutationOptions({ meta: cancelMeta, onSettled: refresh }));
  const research = useMutation(trpc.research.cancel.mutationOptions({ meta: cancelMeta, onSettled: refresh }));
  const recruitment = useMutation(trpc.recruitment.cancel.mutationOptions({ meta: cancelMeta, onSettled: refresh }));
  const defense = useMutation(trpc.defense.cancel.mutationOptions({ meta: cancelMeta, onSettled: refresh }));

  const cancel = (kind: QueueKind, id: string, territoryId: number | null) => {
    setErrors(({ [id]: _, ...rest }) => rest);
    const callbacks = { onError: (error: unknown) => setErrors((all) => ({ ...all, [id]: cancelErrorText(describeApiError(error).detail) })) };
    if (kind === 'research') return research.mutate({ queue_item_id: id }, callbacks);
    if (territoryId === null) return;
    const input = { territory_id: territoryId, queue_item_id: id };
    if (kind === 'building') building.mutate(input, callbacks);
    else if (kind === 'recruitment') recruitment.mutate(input, callbacks);
    else defense.mutate(input, callbacks);
  };

  const pendingId =
    (building.isPending && building.variables.queue_item_id) ||
    (research.isPending && research.variables.queue_item_id) ||
    (recruitment.isPending && recruitment.variables.queue_item_id) ||
    (defense.isPending && defense.variables.queue_item_id) ||
    null;
  return { cancel, pendingId, errors };
}
