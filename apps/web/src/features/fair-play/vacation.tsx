import { Badge, Menu, Tooltip } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../lib/format';
import { showSuccess } from '../../lib/toast';
import type { CurrentUser } from '../../lib/api-types';
import { useTRPC } from '../../trpc';

/** The navbar's sign of a vacation: production stands still until it ends. */
export function VacationBadge({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  if (!user.vacation) return null;
  return (
    <Tooltip label={`On vacation since ${formatDate(user.vacation.since)}: nothing is produced, built or sent, and nobody can attack you. It can end from ${formatDate(user.vacation.earliest_end)}.`} multiline w={260} withArrow>
      <Badge color="cyan" variant="light" leftSection={<IconBeach size={14} />} data-testid="vacation-badge">
        {compact ? 'Vacation' : `On vacation · ends from ${formatDate(user.vacation.earliest_end)}`}
      </Badge>
    </Tooltip>
  );
}

/** The account menu's item: start a vacation, or end it (the server says why not, and until when). */
export function VacationMenuItem({ user }: { user: CurrentUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.users.me.queryKey() });
  const start = useMutation(trpc.users.startVacation.mutationOptions({ meta: { errorToast: (info) => `Vacation not started: ${info.detail}` }, onSuccess: () => showSuccess('Vacation started: production stands still until you end it.'), onSettled: refresh }));
  const end = useMutation(trpc.users.endVacation.mutationOptions({ meta: { errorToast: (info) => `Vacation not ended: ${info.detail}` }, onSuccess: () => showSuccess('Welcome back: your territories produce again.'), onSettled: refresh }));
  return user.vacation ? (
    <Menu.Item leftSection={<IconBeach size={16} />} onClick={() => end.mutate()} data-testid="vacation-end">
      End Vacation
    </Menu.Item>
  ) : (
    <Menu.Item leftSection={<IconBeach size={16} />} onClick={() => start.mutate()} data-testid="vacation-start">
      Start Vacation
    </Menu.Item>
  );
}
