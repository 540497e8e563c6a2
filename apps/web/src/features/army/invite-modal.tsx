import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorDetail } from '../../lib/api-errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { fleetName, groupSize, type MovementLike } from '../movements';

/** Social spec 5.4 and 8: the invite modal's sentences. */
export const INVITE_TEXT = {
  required: 'Please enter a username to invite.',
  sent: (username: string) => `Invitation sent to ${username}!`,
  failed: (detail: string) => `Error sending invitation: ${detail}`,
} as const;

/** 'Invite to attack' (social 2.7): a username, sent as invited_user_username to POST /movements/{id}/invite. */
export function InviteModal({ movement, onClose }: { movement: MovementLike | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation(
    trpc.movements.invite.mutationOptions({
      meta: { errorToast: false },
      onSettled: () => void queryClient.invalidateQueries(trpc.movements.pathFilter()),
    }),
  );
  const close = () => {
    setUsername('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!movement) return;
    const name = username.trim();
    if (name === '') return setError(INVITE_TEXT.required);
    setError(null);
    invite.mutate(
      { movement_id: movement.id, invited_user_username: name },
      {
        onSuccess: (result) => {
          showSuccess(INVITE_TEXT.sent(result.invited_username));
          close();
        },
        onError: (e) => {
          setError(errorDetail(e));
          showError(INVITE_TEXT.failed(errorDetail(e)));
        },
      },
    );
  };
  const group = movement ? groupSize(movement) : null;
  return (
    <Modal opened={movement !== null} onClose={close} title="Invite to attack" centered>
      <form onSubmit={(e) => (e.preventDefault(), submit())}>
        <Stack gap="sm" data-testid="invite-modal">
          {movement && (
            <Text size="sm" c="dimmed">
              {fleetName(movement)}
              {group && ` · group ${group}`}
            </Text>
          )}
          <TextInput
            label="Player to invite"
            placeholder="Username"
            value={username}
            onChange={(e) => (setUsername(e.currentTarget.value), setError(null))}
            error={error}
            maxLength={50}
            data-autofocus
            data-testid="invite-username"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" leftSection={<IconSend size={16} />} loading={invite.isPending} data-testid="invite-send">
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
