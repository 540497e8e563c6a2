import { useDocumentTitle } from '@mantine/hooks';
import { Button, Center, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFlag, IconHistory, IconPlanet, IconRocket, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { HeaderPage } from '../components/shell/header-page';
import { useIsMobile } from '../components/shell/breakpoints';
import { AuditPanel, FleetsPanel, PlayersPanel, ReportsPanel, UniversePanel, useIsOperator } from '../features/admin';
import { PanelLoading } from '../components/catalogue/panel-states';

export const OPERATORS_ONLY_TEXT = 'This area is for the operators of this universe.';

const TABS = [
  { value: 'universe', label: 'Universe', icon: IconPlanet, Panel: UniversePanel },
  { value: 'players', label: 'Players', icon: IconUsers, Panel: PlayersPanel },
  { value: 'fleets', label: 'Fleets', icon: IconRocket, Panel: FleetsPanel },
  { value: 'audit', label: 'Audit log', icon: IconHistory, Panel: AuditPanel },
  { value: 'reports', label: 'Reports', icon: IconFlag, Panel: ReportsPanel },
] as const;

/** /admin: the moderation console, for operators only (the server refuses everyone else too). */
export function AdminPage() {
  useDocumentTitle('Admin · Broodspace');
  const { isOperator, isLoading } = useIsOperator();
  const [tab, setTab] = useState<string>('universe');
  const isMobile = useIsMobile();

  return (
    <HeaderPage>
        <Stack gap="md" maw={1200} mx="auto" data-testid="admin-page">
          <Stack gap={2}>
            <Button component={Link} to="/dashboard" variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} style={{ alignSelf: 'flex-start' }}>
              Back to the game
            </Button>
            <Title order={2}>Moderation console</Title>
          </Stack>
          {isLoading ? (
            <PanelLoading label="Checking your role..." />
          ) : !isOperator ? (
            <Center py={60}>
              <Paper className="bs-glass" p="xl" maw={460}>
                <Text role="alert">{OPERATORS_ONLY_TEXT}</Text>
              </Paper>
            </Center>
          ) : (
            <Tabs value={tab} onChange={(v) => setTab(v ?? 'universe')} keepMounted={false} variant="pills" radius="md">
              <Tabs.List mb="md" grow={isMobile}>
                {TABS.map(({ value, label, icon: Icon }) => (
                  <Tabs.Tab key={value} value={value} leftSection={isMobile ? undefined : <Icon size={16} />} px={isMobile ? 6 : undefined}>
                    {label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map(({ value, Panel }) => (
                <Tabs.Panel key={value} value={value}>
                  <Panel />
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Stack>
    </HeaderPage>
  );
}
