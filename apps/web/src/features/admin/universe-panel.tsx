import { useState } from 'react';
import { Button, Code, Paper, ScrollArea, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { formatNumber } from '../../lib/format';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { useAdminActions, useUniverse, type UniverseOverview } from './admin-queries';

const COUNT_LABELS: [keyof UniverseOverview['counts'], string][] = [
  ['players', 'Players'],
  ['guests', 'Guests'],
  ['suspended', 'Suspended'],
  ['operators', 'Operators'],
  ['territories', 'Territories'],
  ['fleets_in_flight', 'Fleets in flight'],
  ['jobs_due', 'Jobs due'],
  ['jobs_late', 'Jobs late'],
];

function Announce() {
  const { announce } = useAdminActions();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const send = () =>
    announce.mutate(
      { title: title.trim(), message: message.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setMessage('');
        },
      },
    );
  return (
    <Paper className="bs-glass" p="md">
      <Stack gap="sm">
        <Title order={4}>Announcement to every player</Title>
        <Text fz="sm" c="dimmed">
          Stored for every player (guests too) as a notification, and shown at once to everyone online. Written to the audit log.
        </Text>
        <TextInput label="Title" maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea label="Message" autosize minRows={2} maxLength={2000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
        <Button onClick={send} disabled={!title.trim() || !message.trim()} loading={announce.isPending} style={{ alignSelf: 'flex-start' }}>
          Send to everyone
        </Button>
      </Stack>
    </Paper>
  );
}

/** Universe: live counts, the effective settings (universe.json + UNIVERSE_OVERRIDES) and announcements. */
export function UniversePanel() {
  const universe = useUniverse();
  if (!universe.data) return <PanelLoading label="Loading the universe..." />;
  const { counts, settings, overrides, late_after_seconds, release } = universe.data;
  return (
    <Stack gap="md" data-testid="admin-universe">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {COUNT_LABELS.map(([key, label]) => (
          <Paper key={key} className="bs-glass" p="sm" data-testid={`count-${key}`}>
            <Text fz="xs" c="dimmed" tt="uppercase" lts="0.08em">
              {label}
            </Text>
            <Text fz="xl" fw={700} c={key === 'jobs_late' && counts.jobs_late > 0 ? 'red' : undefined}>
              {formatNumber(counts[key])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text fz="sm" data-testid="admin-release">
        Running Broodspace {release.version} (commit <Code>{release.commit}</Code>). CHANGELOG.md says what each release changes.
      </Text>
      <Text fz="xs" c="dimmed">
        A job is late once it has waited {late_after_seconds} s past its time. Counts refresh every 10 s.
      </Text>
      <Announce />
      <Paper className="bs-glass" p="md">
        <Stack gap="xs">
          <Title order={4}>Effective settings</Title>
          <Text fz="sm" c="dimmed">
            universe.json with this deployment's UNIVERSE_OVERRIDES applied.
          </Text>
          <Text fz="sm" fw={600}>
            UNIVERSE_OVERRIDES
          </Text>
          <Code block data-testid="universe-overrides">
            {Object.keys(overrides).length ? JSON.stringify(overrides, null, 2) : 'none'}
          </Code>
          <Text fz="sm" fw={600}>
            Settings in force
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Code block>{JSON.stringify(settings, null, 2)}</Code>
          </ScrollArea.Autosize>
        </Stack>
      </Paper>
    </Stack>
  );
}
