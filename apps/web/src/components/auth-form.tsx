import type { ReactNode } from 'react';
import { Alert, Anchor, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The pieces the sign-in and registration cards share, so both pages look and read the same. */

export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      <Text c="dimmed" fz="sm">
        {subtitle}
      </Text>
    </Stack>
  );
}

/** The form's error (a missing field or the server's sentence), announced to screen readers. */
export function AuthError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="auth-error">
      {message}
    </Alert>
  );
}

interface AuthFieldProps {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
  /** A rule the value breaks, shown under the field as the player types. */
  error?: string | null;
}

/** A required, controlled field of an auth form; `type="password"` gets the show/hide toggle. */
export function AuthField({ type = 'text', onChange, error, ...field }: AuthFieldProps) {
  const change = (event: { currentTarget: HTMLInputElement }) => onChange(event.currentTarget.value);
  const problem = error ?? undefined;
  if (type === 'password') return <PasswordInput {...field} required onChange={change} size="md" error={problem} />;
  return <TextInput {...field} type={type === 'email' ? 'email' : undefined} required onChange={change} size="md" error={problem} />;
}

/** The line under the card that leads to the other auth page. */
export function AuthSwitch({ question, to, children }: { question: string; to: '/login' | '/register'; children: ReactNode }) {
  return (
    <Text fz="sm" c="dimmed" ta="center">
      {question}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}
