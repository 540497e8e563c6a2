import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AuthError, AuthField, AuthHeading, AuthSwitch } from '../components/auth-form';
import { AuthLayout } from '../components/auth-layout';
import { describeApiError } from '../lib/api-errors';
import { safeRedirect } from '../lib/navigation';
import { useAuthStore } from '../stores/auth-store';
import { useTRPC } from '../trpc';

export const REGISTERED_MESSAGE = 'Full account registration successful! Please log in.';

export interface LoginSearch {
  redirect?: string;
  registered?: boolean;
  /** The name just registered: the form starts with it filled in. */
  username?: string;
}

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    registered: search.registered === true || search.registered === 'true' ? true : undefined,
    username: typeof search.username === 'string' && search.username !== '' ? search.username : undefined,
  };
}

/** /login: heading 'Sign in to your account', Username or Email, Password, 'Sign in'. */
export function LoginPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const search = useSearch({ from: '/login' });
  const authError = useAuthStore((s) => s.error);
  const [username, setUsername] = useState(search.username ?? '');
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
      <AuthHeading title="Sign in to your account" subtitle="Your hive awaits its overmind." />
      {search.registered && !shownError && (
        <Alert color="acid" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {REGISTERED_MESSAGE}
        </Alert>
      )}
      <AuthError message={shownError} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AuthField label="Username or Email" name="username" autoComplete="username" value={username} onChange={setUsername} />
          <AuthField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
      <AuthSwitch question="No hive yet?" to="/register">
        Register here
      </AuthSwitch>
    </AuthLayout>
  );
}
