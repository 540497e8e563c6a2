import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorDetail } from '../../lib/api-errors';
import { showSuccess } from '../../lib/toast';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';
import { CLAIM_SUCCESS, claimPrefill, validateClaim, type ClaimValues } from './claim';

export const claimFailedMessage = (detail: string) => `Failed to claim account: ${detail}`;

export interface ClaimAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Turns a guest into a permanent account (username, email, password twice). */
export function ClaimAccountModal({ opened, onClose }: ClaimAccountModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useAuthStore((s) => s.currentUser);
  const [values, setValues] = useState<ClaimValues>(() => claimPrefill(user));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setValues(claimPrefill(useAuthStore.getState().currentUser));
      setError(null);
    }
  }, [opened]);

  const claim = useMutation(
    trpc.users.claim.mutationOptions({
      meta: { errorToast: (info) => claimFailedMessage(info.detail) },
      onSuccess: (updated) => {
        useAuthStore.getState().setUser(updated);
        queryClient.setQueryData(trpc.users.me.queryKey(), updated);
        showSuccess(CLAIM_SUCCESS);
        onClose();
      },
      onError: (failure) => setError(claimFailedMessage(errorDetail(failure))),
    }),
  );

  const set = (field: keyof ClaimValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateClaim(values);
    setError(problem);
    if (problem) return;
    claim.mutate({ username: values.username.trim(), email: values.email.trim(), password: values.password });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Claim your account" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Guest hives are devoured when their timer runs out. Choose a name, email and password to keep
            everything you have grown.
          </Text>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Username" name="username" autoComplete="username" required value={values.username} onChange={set('username')} data-autofocus />
          <TextInput label="Email address" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
          <PasswordInput label="Password" name="password" placeholder="Min. 8 characters" autoComplete="new-password" required value={values.password} onChange={set('password')} />
          <PasswordInput label="Confirm password" name="confirmPassword" autoComplete="new-password" required value={values.confirmPassword} onChange={set('confirmPassword')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={claim.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={claim.isPending} leftSection={<IconShieldCheck size={16} />}>
              Claim Account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
