import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth-layout';
import { describeApiError } from '../lib/api-errors';
import { safeRedirect } from '../lib/navigation';
import { useAuthStore } from '../stores/auth-store';
import { useTRPC } from '../trpc';

export const REGISTERED_MESSAGE = 'Full account registration successful! Please log in.';

/** /login: heading 'Sign in to your account', Username or Email, Password, 'Sign in'. */
export function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const search = useSearch({ from: '/login' });
  const authError = useAuthStore((s) => s.error);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  useDocumentTitle('Sign in · Broodspace');

  const login = useMutation(
    trpc.auth.token.mutationOptions({
      onMutate: () => useAuthStore.getState().setError(null),
      onSuccess: (answer) => {
        useAuthStore.getState().setToken(answer.access_token);
        void navigate({ href: safeRedirect(search.redirect), replace: true });
      },
      onError: (error) => useAuthStore.getState().setError(describeApiError(error, 'auth.token').message),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing('Please enter your username or email and your password.');
      return;
    }
    setMissing(null);
    login.mutate({ username: username.trim(), password });
  };

  const shownError = missing ?? authError;

  return (
    <AuthLayout>
      <Stack gap={4}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Sign in to your account
        </Title>
        <Text c="dimmed" fz="sm">
          Your hive awaits its overmind.
        </Text>
      </Stack>
      {search.registered && !shownError && (
        <Alert color="acid" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {REGISTERED_MESSAGE}
        </Alert>
      )}
      {shownError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="auth-error">
          {shownError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username or Email"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            size="md"
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text fz="sm" c="dimmed" ta="center">
        No hive yet?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Register here
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
