import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Box, ColorSwatch, Group, SimpleGrid, Slider, Stack, Text, Tooltip } from '@mantine/core';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerSkipBackFilled, IconPlayerSkipForwardFilled, IconPlayerTrackNextFilled, IconPlayerTrackPrevFilled } from '@tabler/icons-react';
import { ProgressBar } from '../../../components/progress-bar';
import { formatLargeNumber } from '../../../lib/format';
import type { Row } from '../content-shape';
import { useItemNames } from '../item-names';
import { barShare, buildReplay, damageRows, nextFrame, type Replay, type Role } from './replay-model';

/** How long one frame shows while playing. */
export const FRAME_MS = 900;

const SIDE_COLOUR: Record<Role, string> = { ATTACKER: 'red', DEFENDER: 'blue' };

const SERIES = [
  { name: 'a_dealt', label: 'Attackers: dealt', color: 'red.6', stackId: 'a' },
  { name: 'a_defense', label: 'Attackers: absorbed by defense', color: 'red.3', stackId: 'a' },
  { name: 'a_bioshield', label: 'Attackers: absorbed by bioshield', color: 'pink.2', stackId: 'a' },
  { name: 'd_dealt', label: 'Defenders: dealt', color: 'blue.6', stackId: 'd' },
  { name: 'd_defense', label: 'Defenders: absorbed by defense', color: 'blue.3', stackId: 'd' },
  { name: 'd_bioshield', label: 'Defenders: absorbed by bioshield', color: 'cyan.2', stackId: 'd' },
];

/** What the chart counts: the round table's numbers, summed by the side that fired them. */
export const REPLAY_CHART_CAPTION =
  'Each bar is one side\'s fire in a round: what it dealt to enemy health, plus what the enemy\'s defense and bioshield absorbed. The round table lists the same numbers per participant, absorbed on the side that stopped them.';

/** The chart's key, two short wrapping lines (a chart legend of six entries overflows a phone). */
function DamageLegend() {
  return (
    <Stack gap={0} mt={4}>
      {(['a', 'd'] as const).map((side) => (
        <Group key={side} gap={8} wrap="wrap">
          <Text size="xs" fw={600} c={side === 'a' ? 'red.4' : 'blue.4'}>
            {side === 'a' ? 'Attackers fire:' : 'Defenders fire:'}
          </Text>
          {SERIES.filter((s) => s.stackId === side).map((s) => (
            <Group key={s.name} gap={4} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={10} />
              <Text size="xs" c="dimmed">
                {s.label.split(': ')[1]}
              </Text>
            </Group>
          ))}
        </Group>
      ))}
    </Stack>
  );
}

function Stacks({ replay, frame, role }: { replay: Replay; frame: number; role: Role }) {
  const nameOf = useItemNames();
  const stacks = replay.stacks.filter((s) => s.role === role);
  return (
    <Stack gap={4} data-testid={`replay-${role.toLowerCase()}`}>
      <Text size="xs" tt="uppercase" fw={700} c={`${SIDE_COLOUR[role]}.4`}>
        {role === 'ATTACKER' ? 'Attackers' : 'Defenders'}
      </Text>
      {stacks.length === 0 && (
        <Text size="xs" c="dimmed">
          No stacks recorded.
        </Text>
      )}
      {stacks.map((s) => (
        <Box key={s.id} data-testid="replay-stack" data-count={s.counts[frame] ?? 0}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" truncate>
              {nameOf(s.key)} <Text span size="xs" c="dimmed">({s.username})</Text>
            </Text>
            <Text size="xs" ff="monospace">
              {formatLargeNumber(s.counts[frame] ?? 0)}
            </Text>
          </Group>
          <ProgressBar value={barShare(s, frame) * 100} color={SIDE_COLOUR[role]} size="sm" transitionDuration={FRAME_MS * 0.8} label={`${nameOf(s.key)} of ${s.username}`} />
        </Box>
      ))}
    </Stack>
  );
}

function FrameFacts({ replay, frame }: { replay: Replay; frame: number }) {
  const last = frame === replay.frames.length - 1;
  const round = replay.rounds[frame];
  const line = (label: string, a: number, d: number) => (
    <Text size="xs" c="dimmed">
      {label}: <Text span size="xs" c="red.3">{formatLargeNumber(Math.round(a))}</Text> / <Text span size="xs" c="blue.3">{formatLargeNumber(Math.round(d))}</Text>
    </Text>
  );
  if (last) {
    return (
      <Stack gap={0} data-testid="replay-facts">
        {line('Wounded (attackers / defenders)', replay.woundedTotal.ATTACKER, replay.woundedTotal.DEFENDER)}
        {line('Regenerated', replay.regenerated.ATTACKER, replay.regenerated.DEFENDER)}
        {(replay.repaired.ATTACKER > 0 || replay.repaired.DEFENDER > 0) && line('Defenses repaired', replay.repaired.ATTACKER, replay.repaired.DEFENDER)}
      </Stack>
    );
  }
  if (!round) return null;
  return (
    <Stack gap={0} data-testid="replay-facts">
      {line('Losses this round (attackers / defenders)', round.losses.ATTACKER, round.losses.DEFENDER)}
      {line('Wounded this round', round.wounded.ATTACKER, round.wounded.DEFENDER)}
    </Stack>
  );
}

/**
 * A battle to watch: each side's stacks as bars shrinking round by round ('FS n', 'K', 1..6, then
 * the end with the regenerated), the damage each side fired per round (dealt, absorbed by defense,
 * absorbed by bioshield) as a stacked chart, and a play / step control. Takes a combat report's
 * content, so it can be mounted anywhere a report is (cards, the Hall of Fame, a page of its own).
 */
export function BattleReplay({ report }: { report: Row }) {
  const replay = useMemo(() => buildReplay(report), [report]);
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = replay.frames.length - 1;

  useEffect(() => {
    if (!playing) return;
    if (frame >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setFrame((f) => nextFrame(f, replay)), FRAME_MS);
    return () => clearTimeout(timer);
  }, [playing, frame, last, replay]);

  const rows = useMemo(() => damageRows(replay), [replay]);
  const step = (to: number) => {
    setPlaying(false);
    setFrame(Math.max(0, Math.min(last, to)));
  };
  return (
    <Stack gap="xs" data-testid="battle-replay" onClick={(e) => e.stopPropagation()}>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="First">
          <ActionIcon variant="subtle" aria-label="First round" onClick={() => step(0)}>
            <IconPlayerSkipBackFilled size={14} />
          </ActionIcon>
        </Tooltip>
        <ActionIcon variant="subtle" aria-label="Previous round" onClick={() => step(frame - 1)} disabled={frame === 0}>
          <IconPlayerTrackPrevFilled size={14} />
        </ActionIcon>
        <ActionIcon
          variant="light"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={() => {
            if (!playing && frame >= last) setFrame(0);
            setPlaying((p) => !p);
          }}
        >
          {playing ? <IconPlayerPauseFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Next round" onClick={() => step(frame + 1)} disabled={frame >= last}>
          <IconPlayerTrackNextFilled size={14} />
        </ActionIcon>
        <Tooltip label="End">
          <ActionIcon variant="subtle" aria-label="End of battle" onClick={() => step(last)}>
            <IconPlayerSkipForwardFilled size={14} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" fw={700} ff="monospace" ml={6} data-testid="replay-frame" miw={64}>
          {frame === last ? 'End' : `Round ${replay.frames[frame]}`}
        </Text>
        <Slider
          value={frame}
          onChange={step}
          min={0}
          max={last}
          step={1}
          label={(v) => replay.frames[v]}
          style={{ flex: 1 }}
          size="sm"
          aria-label="Round"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Stacks replay={replay} frame={frame} role="ATTACKER" />
        <Stacks replay={replay} frame={frame} role="DEFENDER" />
      </SimpleGrid>
      <FrameFacts replay={replay} frame={frame} />
      {rows.length > 0 && (
        <Box data-testid="replay-damage-chart">
          <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
            Damage fired per round
          </Text>
          <BarChart
            h={180}
            data={rows}
            dataKey="round"
            type="stacked"
            series={SERIES}
            valueFormatter={(v) => formatLargeNumber(Math.round(v))}
            tickLine="none"
            gridAxis="y"
            yAxisProps={{ width: 48, tickFormatter: (v: number) => formatLargeNumber(Math.round(v)) }}
            barChartProps={{ accessibilityLayer: true }}
            referenceLines={rows[frame] ? [{ x: String(rows[frame]!.round), color: 'yellow.5', label: '' }] : []}
          />
          <DamageLegend />
          <Text fz={11} c="dimmed" mt={4} data-testid="replay-chart-caption">
            {REPLAY_CHART_CAPTION}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
