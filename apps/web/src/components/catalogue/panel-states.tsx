import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty } from '@tabler/icons-react';

/** Loading, error and empty states shared by the economy panels (titles are the spec's words). */

export function PanelLoading({ label }: { label: string }) {
  return (
    <Center py={60}>
      <Stack align="center" gap="xs">
        <Loader type="dots" />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function PanelError({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** 'Data Not Available': a read the panel needs is switched off or answered nothing. */
export function PanelUnavailable({ what }: { what: string }) {
  return <PanelEmpty title="Data Not Available" description={`Essential data for ${what} could not be loaded.`} />;
}

export function PanelEmpty({ title, description, icon }: { title: string; description?: string; icon?: ReactNode }) {
  return (
    <Paper className="bs-glass" p="lg">
      <EmptyState title={title} description={description} icon={icon ?? <IconMoodEmpty size={26} />} color="gray" variant="light" />
    </Paper>
  );
}
