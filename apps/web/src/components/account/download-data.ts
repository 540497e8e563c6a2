import { useQueryClient } from '@tanstack/react-query';
import { showError } from '../../lib/toast';
import { useTRPC } from '../../trpc';

export const DOWNLOAD_FAILED = 'Your data could not be downloaded. Try again in a moment.';

/** Saves everything the game keeps of the player (GET /users/me/export) as a JSON file. */
export function useDownloadMyData(): (username: string) => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (username) => {
    try {
      const data = await queryClient.fetchQuery({ ...trpc.users.export.queryOptions(), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `broodspace-${username}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      showError(DOWNLOAD_FAILED);
    }
  };
}
