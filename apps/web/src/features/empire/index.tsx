import { Group, Stack, Text, Title } from '@mantine/core';
import { IconPlanetOff, IconUserQuestion } from '@tabler/icons-react';
import { useAuthStore } from '../../stores/auth-store';
import { describeApiError } from '../../lib/api-errors';
import { PanelEmpty, PanelError, PanelLoading } from '../../components/catalogue/panel-states';
import { EmpireTable } from './empire-table';
import { useEmpireData } from './use-empire-data';

export const EMPIRE_ERROR_TITLE = 'Error Loading Empire Data';
export const NO_TERRITORIES_TITLE = 'No Territories Found';
export const USER_UNAVAILABLE_TITLE = 'User Data Unavailable';

/** Empire tab: every territory side by side (core §2 "Empire overview"). */
export function EmpireTab() {
  const user = useAuthStore((s) => s.currentUser);
  if (!user) return <PanelEmpty title={USER_UNAVAILABLE_TITLE} description="Your profile has not loaded yet." icon={<IconUserQuestion size={26} />} />;
  return <EmpireOverview />;
}

function EmpireOverview() {
  const data = useEmpireData();
  if (data.error) return <PanelError title={EMPIRE_ERROR_TITLE} message={describeApiError(data.error).message} onRetry={data.retry} />;
  if (data.isLoading || !data.gameData || !data.technologies) return <PanelLoading label="Loading your empire..." />;
  if (data.columns.length === 0) {
    return (
      <PanelEmpty
        title={NO_TERRITORIES_TITLE}
        description="Found your first territory on the star map to see it here."
        icon={<IconPlanetOff size={26} />}
      />
    );
  }
  return (
    <Stack gap="sm" data-testid="empire-panel">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg">
          Empire Overview
        </Title>
        <Text fz="xs" c="dimmed">
          {data.columns.length} {data.columns.length === 1 ? 'territory' : 'territories'} · click a name to select it
        </Text>
      </Group>
      <EmpireTable gameData={data.gameData} columns={data.columns} technologies={data.technologies} stats={data.stats} />
    </Stack>
  );
}
