import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccess } from '../../lib/toast';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';
import { AVATAR_COUNT, avatarIds } from '../avatar/avatar-art';
import { BroodAvatar } from '../avatar/brood-avatar';
import classes from './avatar-modal.module.css';

export const AVATAR_UPDATED = 'Avatar updated successfully!';
export const avatarFailedMessage = (message: string) => `Failed to update avatar: ${message}`;
/** After a successful choice the modal shows the confirmation, then closes (core §8). */
export const AVATAR_CLOSE_DELAY_MS = 1500;

export interface AvatarModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The universe's swarm portraits (51 unless UNIVERSE_OVERRIDES says otherwise); a click saves at once. */
export function AvatarModal({ opened, onClose }: AvatarModalProps) {
  const trpc = useTRPC();
  const gameData = useQuery(trpc.gameData.all.queryOptions(undefined, { staleTime: Infinity, gcTime: Infinity }));
  const ids = useMemo(() => avatarIds(gameData.data?.universe.avatars ?? AVATAR_COUNT), [gameData.data]);
  const queryClient = useQueryClient();
  const current = useAuthStore((s) => s.currentUser?.avatar_id ?? null);
  const [saved, setSaved] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (opened) setSaved(false);
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, [opened]);

  const update = useMutation(
    trpc.users.setAvatar.mutationOptions({
      meta: { errorToast: (info) => avatarFailedMessage(info.detail) },
      onSuccess: (updated) => {
        useAuthStore.getState().setUser(updated);
        queryClient.setQueryData(trpc.users.me.queryKey(), updated);
        setSaved(true);
        showSuccess(AVATAR_UPDATED);
        closeTimer.current = setTimeout(onClose, AVATAR_CLOSE_DELAY_MS);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Choose your avatar" size="xl">
      <Stack gap="md">
        {saved ? (
          <Alert color="acid" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {AVATAR_UPDATED}
          </Alert>
        ) : (
          <Text fz="sm" c="dimmed">
            Every brood has its face. Pick the one your rivals will learn to fear.
          </Text>
        )}
        <SimpleGrid cols={{ base: 5, xs: 6, sm: 9 }} spacing="xs" verticalSpacing="xs">
          {ids.map((id) => {
            const selected = id === (update.isPending ? update.variables?.avatar_id : current);
            return (
              <UnstyledButton
                key={id}
                className={classes.choice}
                data-selected={selected || undefined}
                aria-pressed={selected}
                aria-label={`Avatar ${id}`}
                disabled={update.isPending || saved}
                onClick={() => update.mutate({ avatar_id: id })}
              >
                <BroodAvatar avatarId={id} size={56} />
                {update.isPending && update.variables?.avatar_id === id && <Loader size="xs" className={classes.spinner} />}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
