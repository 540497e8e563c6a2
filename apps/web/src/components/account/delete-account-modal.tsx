import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorDetail } from '../../lib/api-errors';
import { logout } from '../../lib/session';
import { useTRPC } from '../../trpc';

export const DELETE_PASSWORD_REQUIRED = 'Type your password to confirm.';
export const ACCOUNT_DELETED = 'Your account has been deleted. Farewell, commander.';

/** What deleting an account does, as the player reads it before confirming (docs/privacy.md). */
export const DELETE_CONSEQUENCES = [
  'Your territories are freed on the map, with everything in them.',
  'Your fleets are removed: allies stationed with you fly home, and an attack you lead is called off.',
  'An alliance you lead passes to its longest-serving officer (else member).',
  "Other players' reports and the Hall of Fame name you 'deleted player'.",
] as const;

export interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Deletes the signed-in player's account for good, after they type their password. */
export function DeleteAccountModal({ opened, onClose }: DeleteAccountModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setPassword('');
      setError(null);
    }
  }, [opened]);

  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      meta: { errorToast: false },
      onSuccess: () => {
        onClose();
        logout(queryClient, ACCOUNT_DELETED);
      },
      onError: (failure) => setError(errorDetail(failure)),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError(DELETE_PASSWORD_REQUIRED);
    setError(null);
    remove.mutate({ password });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Delete your account" size="md">
      <form onSubmit={submit} noValidate data-testid="delete-account-form">
        <Stack gap="md">
          <Text fz="sm">This cannot be undone. Your account goes at once, and with it:</Text>
          <List fz="sm" spacing={4} c="dimmed">
            {DELETE_CONSEQUENCES.map((line) => <List.Item key={line}>{line}</List.Item>)}
          </List>
          <Text fz="sm" c="dimmed">To keep a copy of your data, use Download My Data in the account menu first.</Text>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput label="Password" name="password" autoComplete="current-password" required value={password}
            onChange={(event) => setPassword(event.currentTarget.value)} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={remove.isPending} leftSection={<IconTrash size={16} />}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
