import type { ReactNode } from 'react';
import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuildingFactory2, IconDna2, IconShieldHalf, IconSpider } from '@tabler/icons-react';
import { useGameData, type GameData, useSelectedTerritoryId } from '../territories';
import { QueueItemRow } from './queue-item-row';
import { useBuildQueue, useDefenseQueue, useRecruitmentQueue, useResearchQueue } from './queue-queries';
import { useCancelQueueItem, type QueueKind } from './use-cancel';

export * from './queue-queries';
export { canCancel, countdownText, queueProgress, type QueueProgress } from './queue-progress';
export { QueueButton, useQueueCount } from './queue-button';

export interface QueueRowData {
  id: string;
  name: string;
  detail: string;
  start: Date | string;
  end: Date | string;
  delivered?: { done: number; total: number; perItemS: number };
  /** What was paid for it (the cancel dialog's refund). */
  paid?: Record<string, number>;
}

type Queues = {
  building: ReturnType<typeof useBuildQueue>['data'];
  research: ReturnType<typeof useResearchQueue>['data'];
  recruitment: ReturnType<typeof useRecruitmentQueue>['data'];
  defense: ReturnType<typeof useDefenseQueue>['data'];
};

/** Queue items as rows: catalogue names, 'Lvl n' for levels, '× n' for batches. */
export function queueRows<K extends QueueKind>(kind: K, items: Queues[K], data: GameData | undefined): QueueRowData[] {
  const nameOf = (table: Readonly<Record<string, { name: string }>> | undefined, key: string) => table?.[key]?.name ?? key;
  return (items ?? []).map((item) => {
    const base = { id: item.id, start: item.start_time, end: item.end_time, paid: item.paid };
    if ('structure_key' in item) return { ...base, name: nameOf(data?.structures, item.structure_key), detail: `Lvl ${item.target_level}` };
    if ('tech_key' in item) return { ...base, name: nameOf(data?.technologies, item.tech_key), detail: `Lvl ${item.target_level}` };
    const name = 'unit_key' in item ? nameOf(data?.units, item.unit_key) : nameOf(data?.defenses, item.defense_key);
    return {
      ...base,
      name,
      detail: `× ${item.quantity}`,
      delivered: { done: item.quantity_delivered, total: item.quantity, perItemS: item.duration_per_item_s },
    };
  });
}

const SECTIONS: { kind: QueueKind; title: string; icon: ReactNode }[] = [
  { kind: 'building', title: 'Building', icon: <IconBuildingFactory2 size={16} /> },
  { kind: 'research', title: 'Research', icon: <IconDna2 size={16} /> },
  { kind: 'recruitment', title: 'Recruitment', icon: <IconSpider size={16} /> },
  { kind: 'defense', title: 'Defense', icon: <IconShieldHalf size={16} /> },
];

const LIMIT_KEY = { building: 'build', research: 'research', recruitment: 'recruitment', defense: 'defense' } as const;

/** The right-hand queue panel: Building, Research, Recruitment and Defense of the selected territory. */
export function QueuePanel() {
  const territoryId = useSelectedTerritoryId();
  const gameData = useGameData();
  const building = useBuildQueue(territoryId);
  const research = useResearchQueue();
  const recruitment = useRecruitmentQueue(territoryId);
  const defense = useDefenseQueue(territoryId);
  const queries = { building, research, recruitment, defense };
  const rowsOf: Record<QueueKind, QueueRowData[]> = {
    building: queueRows('building', building.data, gameData.data),
    research: queueRows('research', research.data, gameData.data),
    recruitment: queueRows('recruitment', recruitment.data, gameData.data),
    defense: queueRows('defense', defense.data, gameData.data),
  };
  const { cancel, pendingId, errors } = useCancelQueueItem();
  const refundShare = gameData.data?.universe.cancel_refund_share;

  return (
    <Stack gap="md" data-testid="queue-panel">
      <Title order={3} fz="sm" tt="uppercase" lts="0.14em" c="acid.4">
        Queues
      </Title>
      {SECTIONS.map(({ kind, title, icon }) => {
        const query = queries[kind];
        const territoryQueue = kind !== 'research';
        const rows = rowsOf[kind];
        const limit = gameData.data?.universe.queue_limits[LIMIT_KEY[kind]];
        return (
          <Stack key={kind} gap={6} component="section" aria-label={`${title} queue`} data-testid={`queue-${kind}`}>
            <Group gap={6} justify="space-between">
              <Group gap={6} c="dimmed">
                {icon}
                <Text fz="xs" fw={700} tt="uppercase" lts="0.1em">
                  {title}
                </Text>
              </Group>
              {query.isFetching && !query.data ? (
                <Loader size={12} />
              ) : (
                limit !== undefined && (
                  <Badge size="sm" variant="light" color={rows.length >= limit ? 'orange' : 'gray'}>
                    {rows.length}/{limit}
                  </Badge>
                )
              )}
            </Group>
            {territoryQueue && territoryId === null ? (
              <Text fz="xs" c="dimmed">
                Select a territory to see its queue.
              </Text>
            ) : query.isError ? (
              <Text fz="xs" c="red.4">
                Could not load this queue.
              </Text>
            ) : rows.length === 0 ? (
              <Text fz="xs" c="dimmed">
                Queue empty
              </Text>
            ) : (
              rows.map((row) => (
                <QueueItemRow
                  key={row.id}
                  {...row}
                  refundShare={refundShare}
                  resourceName={(key) => gameData.data?.resources[key as keyof GameData['resources']]?.name ?? key}
                  cancelling={pendingId === row.id}
                  error={errors[row.id] ?? null}
                  onCancel={() => cancel(kind, row.id, territoryId)}
                />
              ))
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
