import { ActionIcon, Drawer, Indicator, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useSelectedTerritoryId } from '../territories';
import { hasUnfinished, useBuildQueue, useDefenseQueue, useRecruitmentQueue, useResearchQueue } from './queue-queries';
import { QueuePanel } from '.';

/** Items still to finish in the selected territory's queues and the research queue. */
export function useQueueCount(now = Date.now()): number {
  const territoryId = useSelectedTerritoryId();
  const lists = [useBuildQueue(territoryId).data, useResearchQueue().data, useRecruitmentQueue(territoryId).data, useDefenseQueue(territoryId).data];
  return lists.reduce((sum, items) => sum + (items ?? []).filter((item) => hasUnfinished([item], now)).length, 0);
}

/**
 * The top bar's queue button where the queue panel is not beside the tab (phones, and the full-width
 * tabs): one tap opens every queue in a drawer; its badge counts the items still to finish.
 */
export function QueueButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const count = useQueueCount();
  return (
    <>
      <Indicator label={count} size={16} disabled={count === 0} color="acid" offset={4} styles={{ indicator: { color: 'var(--mantine-color-dark-9)', fontWeight: 700 } }}>
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={count > 0 ? `Queues (${count})` : 'Queues'} data-testid="queue-button" data-count={count}>
          <IconHourglassHigh size={20} />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" size="md" closeButtonProps={{ 'aria-label': 'Close queues' }} scrollAreaComponent={ScrollArea.Autosize} zIndex={3500} data-testid="queue-drawer">
        <QueuePanel />
      </Drawer>
    </>
  );
}
