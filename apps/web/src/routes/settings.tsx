import { useDocumentTitle } from '@mantine/hooks';
import { Button, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { HeaderPage } from '../components/shell/header-page';
import { PushSettings } from '../features/push/push-settings';

/** /settings: the player's settings, reached from the user menu (push notifications for now). */
export function SettingsPage() {
  useDocumentTitle('Settings · Broodspace');
  return (
    <HeaderPage>
      <Stack gap="md" maw={640} mx="auto" data-testid="settings-page">
        <Stack gap={2}>
          <Button component={Link} to="/dashboard" variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} style={{ alignSelf: 'flex-start' }}>
            Back to the game
          </Button>
          <Title order={2}>Settings</Title>
        </Stack>
        <PushSettings />
      </Stack>
    </HeaderPage>
  );
}
