import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeApiError } from '../../lib/api-errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';

/** The failure toast (core §8): the server's detail, else 'Unknown error' (construction only). */
export function constructionFailed(detail: string): string {
  return `Construction failed: ${detail || 'Unknown error'}`;
}

/** Starts the next level of a structure: the spec's toasts, the card's own error, fresh queue and stock. */
export function useStartConstruction(territoryId: number) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation(
    trpc.construction.start.mutationOptions({
      meta: { errorToast: (info) => constructionFailed(info.detail) },
      onSettled: () => {
        void client.invalidateQueries(trpc.construction.queue.queryFilter({ territory_id: territoryId }));
        void client.invalidateQueries(trpc.territories.pathFilter());
      },
    }),
  );
  const start = (key: string, name: string) => {
    setErrors(({ [key]: _, ...rest }) => rest);
    mutation.mutate(
      { territory_id: territoryId, structure_key: key },
      {
        onSuccess: () => showSuccess(`${name} construction started!`),
        onError: (error) => setErrors((all) => ({ ...all, [key]: describeApiError(error).detail || 'Unknown error' })),
      },
    );
  };
  const pendingKey = mutation.isPending ? mutation.variables.structure_key : null;
  return { start, pendingKey, errors };
}
