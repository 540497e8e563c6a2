import { Stack, Text } from '@mantine/core';
import { useNow } from '../../hooks/use-now';
import { queueRows, countdownText, queueProgress, type BuildQueueItem, type DefenseQueueItem, type RecruitmentQueueItem } from '../queue';
import type { GameData } from '../territories';

type CellProps =
  | { kind: 'building'; items: BuildQueueItem[] | undefined; gameData: GameData }
  | { kind: 'recruitment'; items: RecruitmentQueueItem[] | undefined; gameData: GameData }
  | { kind: 'defense'; items: DefenseQueueItem[] | undefined; gameData: GameData };

/** A territory's queue in the overview: each item with 'Starts in' or its time left. */
export function QueueCell(props: CellProps) {
  const now = useNow(1000);
  const rows =
    props.kind === 'building'
      ? queueRows('building', props.items, props.gameData)
      : props.kind === 'recruitment'
        ? queueRows('recruitment', props.items, props.gameData)
        : queueRows('defense', props.items, props.gameData);
  if (props.items === undefined) return <Text span c="dimmed">...</Text>;
  if (rows.length === 0) return <Text span c="dimmed">-</Text>;
  return (
    <Stack gap={2}>
      {rows.map((row) => {
        const p = queueProgress(row.start, row.end, now);
        const when = !p ? 'Invalid time' : p.phase === 'waiting' ? `Starts in ${countdownText(p.startsInMs)}` : p.phase === 'running' ? countdownText(p.remainingMs) : 'Finished';
        return (
          <Text key={row.id} fz="xs" lh={1.3}>
            {row.name} <Text span c="dimmed" fz="xs">{row.detail}</Text>{' '}
            <Text span ff="monospace" fz={11} c={p?.phase === 'running' ? 'acid.4' : 'dimmed'}>
              {when}
            </Text>
          </Text>
        );
      })}
    </Stack>
  );
}
