import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PasswordSchema, UsernameSchema, fieldProblem } from '@brood/contracts';
import { AuthError, AuthField, AuthHeading, AuthSwitch } from '../components/auth-form';
import { AuthLayout } from '../components/auth-layout';
import { describeApiError } from '../lib/api-errors';
import { showSuccess } from '../lib/toast';
import { useAuthStore } from '../stores/auth-store';
import { useTRPC } from '../trpc';
import { REGISTERED_MESSAGE } from './login';

export const welcomeGuestMessage = (name: string) =>
  `Welcome, ${name}! You're playing as a guest. Claim your account to save progress!`;

/** /register: 'Join the Fray', a full account form and the one-click guest account. */
export function RegisterPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const authError = useAuthStore((s) => s.error);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [guestError, setGuestError] = useState<string | null>(null);
  useDocumentTitle('Join the Fray · Broodspace');

  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onMutate: () => useAuthStore.getState().setError(null),
      onSuccess: (_answer, input) => {
        showSuccess(REGISTERED_MESSAGE);
        void navigate({ to: '/login', search: { registered: true, username: input.username } });
      },
      onError: (error) => useAuthStore.getState().setError(describeApiError(error, 'auth.register').message),
    }),
  );

  const guest = useMutation(
    trpc.auth.registerTest.mutationOptions({
      onMutate: () => setGuestError(null),
      onSuccess: (answer) => {
        useAuthStore.getState().setSession(answer.token.access_token, answer.user);
        queryClient.setQueryData(trpc.users.me.queryKey(), answer.user);
        showSuccess(welcomeGuestMessage(answer.user.username));
        void navigate({ to: '/dashboard', replace: true });
      },
      onError: (error) => setGuestError(describeApiError(error, 'auth.registerTest').message),
    }),
  );

  // The server's own rules and sentences, next to the field once the player has typed in it.
  const usernameProblem = username ? fieldProblem(UsernameSchema, username) : null;
  const passwordProblem = password ? fieldProblem(PasswordSchema, password) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !email.trim() || !password) {
      setMissing('Username, email address and password are all required.');
      return;
    }
    // the field already says what is wrong: no round trip for the server to say it again
    if (usernameProblem || passwordProblem) return;
    setMissing(null);
    register.mutate({ username: username.trim(), email: email.trim(), password });
  };

  const shownError = missing ?? authError;
  const busy = register.isPending || guest.isPending;

  return (
    <AuthLayout>
      <AuthHeading title="Join the Fray" subtitle="Spawn your hive and claim a sector of the galaxy." />
      <AuthError message={shownError} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AuthField label="Username" name="username" autoComplete="username" value={username} onChange={setUsername} error={usernameProblem} />
          <AuthField label="Email address" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
          <AuthField
            label="Password"
            name="password"
            type="password"
            placeholder="Password (min. 8 characters)"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={passwordProblem}
          />
          <Button type="submit" size="md" fullWidth loading={register.isPending} disabled={guest.isPending}>
            Register Full Account
          </Button>
        </Stack>
      </form>
      <Divider label="or jump straight in" labelPosition="center" color="dark.4" />
      <Stack gap={6}>
        <Button
          variant="outline"
          color="brood.3"
          size="md"
          fullWidth
          leftSection={<IconBolt size={18} />}
          onClick={() => guest.mutate()}
          disabled={busy}
        >
          {guest.isPending ? 'Creating Guest Account...' : 'Try Now (Play as Guest)'}
        </Button>
        {guestError && (
          <Text c="red.5" fz="sm" role="alert" data-testid="guest-error">
            {guestError}
          </Text>
        )}
        <Text c="dimmed" fz="xs" ta="center">
          Guest hives last 7 days unless you claim them.
        </Text>
      </Stack>
      <AuthSwitch question="Already commanding a hive?" to="/login">
        Sign in
      </AuthSwitch>
    </AuthLayout>
  );
}
