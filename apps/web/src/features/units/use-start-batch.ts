import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeApiError } from '../../lib/api-errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { QUANTITY_MUST_BE_POSITIVE, type BatchKind } from './batch-button';

/** The spec's toasts (core §8) for a recruitment or defense batch. */
export const BATCH_TEXT = {
  unit: { started: (name: string) => `${name} recruitment started!`, failed: (detail: string) => `Recruitment failed: ${detail}` },
  defense: { started: (name: string) => `${name} construction started!`, failed: (detail: string) => `Defense construction failed: ${detail}` },
} as const;

/** Queues a batch of units or defenses; the card keeps its own error (quantity or the server's detail). */
export function useStartBatch(kind: BatchKind, territoryId: number) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const text = BATCH_TEXT[kind];
  const refresh = () => {
    if (kind === 'unit') void client.invalidateQueries(trpc.recruitment.queue.queryFilter({ territory_id: territoryId }));
    else void client.invalidateQueries(trpc.defense.queue.queryFilter({ territory_id: territoryId }));
    void client.invalidateQueries(trpc.territories.pathFilter());
  };
  const meta = { errorToast: (info: { detail: string }) => text.failed(info.detail) };
  const recruit = useMutation(trpc.recruitment.start.mutationOptions({ meta, onSettled: refresh }));
  const build = useMutation(trpc.defense.start.mutationOptions({ meta, onSettled: refresh }));

  const start = (key: string, name: string, quantity: number) => {
    if (quantity <= 0) {
      setErrors((all) => ({ ...all, [key]: QUANTITY_MUST_BE_POSITIVE }));
      return;
    }
    setErrors(({ [key]: _, ...rest }) => rest);
    const callbacks = {
      onSuccess: () => showSuccess(text.started(name)),
      onError: (error: unknown) => setErrors((all) => ({ ...all, [key]: describeApiError(error).detail })),
    };
    if (kind === 'unit') recruit.mutate({ territory_id: territoryId, unit_key: key, quantity }, callbacks);
    else build.mutate({ territory_id: territoryId, defense_key: key, quantity }, callbacks);
  };

  const pendingKey =
    kind === 'unit' ? (recruit.isPending ? recruit.variables.unit_key : null) : build.isPending ? build.variables.defense_key : null;
  return { start, pendingKey, errors };
}
