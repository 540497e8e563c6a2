import { memo, useState } from 'react';
import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPlay, IconRocket } from '@tabler/icons-react';
import type { BattleOdds, SideOdds, Spread } from '@brood/game-core';
import { formatDuration, formatLargeNumber, formatNumber } from '../../../lib/format';
import { BattleReplay, type Row } from '../../notifications';
import { outcomeShares } from './lab-stats';

const spreadText = (s: Spread) => `${formatLargeNumber(s.mean)} ± ${formatLargeNumber(s.sd)} (${formatLargeNumber(s.min)}-${formatLargeNumber(s.max)})`;

function Amounts({ label, amounts, nameOf, testId }: { label: string; amounts: Record<string, number | undefined>; nameOf: (k: string) => string; testId: string }) {
  const list = Object.entries(amounts).filter(([, v]) => (v ?? 0) > 0);
  return (
    <Text size="sm" component="div" data-testid={testId}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {list.length === 0 ? 'None' : list.map(([k, v]) => `${nameOf(k)} ${formatNumber(v ?? 0)}`).join(', ')}
    </Text>
  );
}

function SideLosses({ title, side, nameOf, colour }: { title: string; side: SideOdds; nameOf: (k: string) => string; colour: string }) {
  return (
    <Paper withBorder p="xs" bg="transparent">
      <Text fw={700} size="sm" c={colour}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        Value lost, mean ± spread (least-most): {spreadText(side.lost_value)}
      </Text>
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4}>
        <Table.Tbody>
          {Object.entries(side.lost).map(([key, s]) => (
            <Table.Tr key={key}>
              <Table.Td>{nameOf(key)}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {spreadText(s)}
              </Table.Td>
            </Table.Tr>
          ))}
          {Object.keys(side.lost).length === 0 && (
            <Table.Tr>
              <Table.Td c="dimmed">No losses</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export interface Flight {
  /** one-way seconds, or why there is none */
  eta: number | string;
  biomass: number | null;
  from: string;
}

/** The simulator's answer: outcome odds, losses with their spread, plunder, wreckage, salvage, flight, a typical battle. */
export const OddsView = memo(function OddsView({ odds, ms, nameOf, flight, onSend }: { odds: BattleOdds; ms: number; nameOf: (k: string) => string; flight: Flight | null; onSend: (() => void) | null }) {
  const [watching, setWatching] = useState(false);
  const shares = outcomeShares(odds);
  return (
    <Stack gap="sm" data-testid="lab-result">
      <Group gap="xs" justify="space-between">
        <Text fw={700}>Odds over {formatNumber(odds.runs)} runs</Text>
        <Text size="xs" c="dimmed" data-testid="lab-timing">
          seed {odds.seed} · {Math.round(ms)} ms in a worker
        </Text>
      </Group>
      <Progress.Root size={22} data-testid="lab-odds-bar">
        <Progress.Section value={shares.attacker * 100} color="red" aria-label="Attackers win">
          <Progress.Label>{shares.attacker >= 0.12 ? `${Math.round(shares.attacker * 100)}%` : ''}</Progress.Label>
        </Progress.Section>
        <Progress.Section value={shares.draw * 100} color="yellow" aria-label="Draw">
          <Progress.Label>{shares.draw >= 0.12 ? `${Math.round(shares.draw * 100)}%` : ''}</Progress.Label>
        </Progress.Section>
        <Progress.Section value={shares.defender * 100} color="blue" aria-label="Defenders win">
          <Progress.Label>{shares.defender >= 0.12 ? `${Math.round(shares.defender * 100)}%` : ''}</Progress.Label>
        </Progress.Section>
      </Progress.Root>
      <Group gap="xs" data-testid="lab-outcomes">
        <Badge color="red" variant="light" tt="none">
          Attackers win {formatPercentShare(shares.attacker)}
        </Badge>
        <Badge color="yellow" variant="light" tt="none">
          Draw {formatPercentShare(shares.draw)}
        </Badge>
        <Badge color="blue" variant="light" tt="none">
          Defenders win {formatPercentShare(shares.defender)}
        </Badge>
        <Badge color="gray" variant="outline" tt="none">
          Rounds {formatNumber(odds.rounds.mean)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <SideLosses title="Attackers' losses" side={odds.attackers} nameOf={nameOf} colour="red.4" />
        <SideLosses title="Defenders' losses" side={odds.defenders} nameOf={nameOf} colour="blue.4" />
      </SimpleGrid>
      <Stack gap={2}>
        <Amounts label={`Plunder (mean; total ${spreadText(odds.plunder.total)})`} amounts={odds.plunder.mean} nameOf={nameOf} testId="lab-plunder" />
        <Amounts label="Insta-salvaged (mean)" amounts={odds.instant_salvage.mean} nameOf={nameOf} testId="lab-instant-salvage" />
        <Amounts label="Wreckage left (mean)" amounts={odds.wreckage.mean} nameOf={nameOf} testId="lab-wreckage" />
        <Amounts label="Salvage it would take" amounts={odds.salvage_units_needed} nameOf={nameOf} testId="lab-salvage" />
        {flight && (
          <Text size="sm" data-testid="lab-flight">
            <Text span size="sm" c="dimmed">
              From {flight.from}:{' '}
            </Text>
            flight {typeof flight.eta === 'number' ? formatDuration(flight.eta) : flight.eta} one way · fuel {flight.biomass === null ? '-' : `${formatNumber(flight.biomass)} biomass`}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant={watching ? 'filled' : 'light'} leftSection={<IconPlayerPlay size={14} />} onClick={() => setWatching((w) => !w)} aria-expanded={watching}>
          Watch a typical battle (run {odds.typical_run + 1})
        </Button>
        {onSend && (
          <Button size="xs" color="acid" leftSection={<IconRocket size={14} />} onClick={onSend} data-testid="lab-send">
            Send this fleet
          </Button>
        )}
      </Group>
      {watching && <BattleReplay report={odds.typical as unknown as Row} />}
    </Stack>
  );
});

function formatPercentShare(share: number): string {
  return `${(share * 100).toFixed(share > 0 && share < 0.01 ? 1 : 0)}%`;
}
