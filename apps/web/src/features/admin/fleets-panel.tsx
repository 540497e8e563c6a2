import { useState } from 'react';
import { Button, Code, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MOVEMENT_MISSIONS, missionLabel, type MovementMission } from '@brood/game-core';
import { describeApiError } from '../../lib/api-errors';
import { formatDate, formatNumber } from '../../lib/format';
import { useBattleReport, useFleets } from './admin-queries';

function BattleLookup() {
  const [typed, setTyped] = useState('');
  const [battleId, setBattleId] = useState<string | null>(null);
  const report = useBattleReport(battleId);
  return (
    <Paper className="bs-glass" p="md">
      <Stack gap="xs">
        <Title order={4}>Battle report</Title>
        <form onSubmit={(e) => { e.preventDefault(); if (typed.trim()) setBattleId(typed.trim()); }}>
          <Group gap="xs" align="flex-end">
            <TextInput label="Battle id" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} style={{ flex: 1 }} maxLength={64} />
            <Button type="submit" disabled={!typed.trim()} loading={report.isFetching}>Open</Button>
          </Group>
        </form>
        {report.error && <Text c="red" fz="sm">{describeApiError(report.error).detail}</Text>}
        {report.data && (
          <Stack gap={4} data-testid="battle-report">
            <Text fz="sm">
              Received by {report.data.received_by.map((r) => `${r.username} (${r.message_type === 'COMBAT_REPORT' ? 'attacker' : 'defender'})`).join(', ')}
            </Text>
            <Code block>{JSON.stringify(report.data.content, null, 2)}</Code>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Fleets in flight: soonest arrival first, filtered by mission, player and arrival window; and battle reports by id. */
export function FleetsPanel() {
  const [mission, setMission] = useState<MovementMission | null>(null);
  const [player, setPlayer] = useState('');
  const [within, setWithin] = useState<number | string>('');
  const [debouncedPlayer] = useDebouncedValue(player, 250);
  const fleets = useFleets({ mission: mission ?? undefined, player: debouncedPlayer.trim() || undefined, arriving_within_minutes: typeof within === 'number' ? within : undefined, skip: 0 });
  return (
    <Stack gap="md" data-testid="admin-fleets">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Mission" placeholder="Any" clearable data={MOVEMENT_MISSIONS.map((m) => ({ value: m, label: missionLabel(m) }))} value={mission} onChange={(v) => setMission(v as MovementMission | null)} w={200} />
        <TextInput label="Player" placeholder="Name or id" value={player} onChange={(e) => setPlayer(e.currentTarget.value)} w={180} />
        <NumberInput label="Arriving within (minutes)" min={0} value={within} onChange={setWithin} w={200} />
      </Group>
      <Paper className="bs-glass" p={0}>
        {fleets.data?.length === 0 ? (
          <Text c="dimmed" p="md">No fleet in flight matches.</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing={4} fz="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {['Player', 'Mission', 'From', 'To', 'Target owner', 'Units', 'Arrives'].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(fleets.data ?? []).map((f) => (
                  <Table.Tr key={f.id} data-testid="fleet-row">
                    <Table.Td fw={700}>{f.username}</Table.Td>
                    <Table.Td>{f.mission === 'RETURN' ? `return (${f.original_mission?.toLowerCase()})` : f.mission.toLowerCase()}</Table.Td>
                    <Table.Td>{f.from}</Table.Td>
                    <Table.Td>{f.to}</Table.Td>
                    <Table.Td>{f.target_owner ?? '-'}</Table.Td>
                    <Table.Td>{formatNumber(f.units)}</Table.Td>
                    <Table.Td>{formatDate(f.arrival_time)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <BattleLookup />
    </Stack>
  );
}
