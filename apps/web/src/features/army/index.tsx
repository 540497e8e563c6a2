import { useEffect } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconFlask, IconTargetArrow, IconUsersGroup } from '@tabler/icons-react';
import { useUiStore, type ArmyView } from '../../stores/ui-store';
import { DispatchForm } from './dispatch-form';
import { GatherTab } from './gather-tab';
import { MovementsPanel } from './movements-panel';
import { Simulator } from './simulator/simulator';

/**
 * The Army tab (core "Army movement panel", social 2.7): Dispatch Units and Gather Units for the
 * selected territory, the battle simulator, and the army movements below. The dashboard only shows it with a selection.
 */
export function ArmyTab() {
  const order = useUiStore((s) => s.pendingMovementOrder);
  const selected = useUiStore((s) => s.selectedTerritoryId);
  const view = useUiStore((s) => s.armyView);

  // Arriving here is the navigation the order asked for.
  useEffect(() => {
    if (order?.navigateToMovementTab) useUiStore.getState().acknowledgeMovementNavigation();
  }, [order]);

  if (selected === null) return null;
  return (
    <Stack gap="md" data-testid="army-tab">
      <Tabs value={view} onChange={(v) => v && useUiStore.getState().setArmyView(v as ArmyView)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="dispatch" leftSection={<IconTargetArrow size={16} />}>
            Dispatch Units
          </Tabs.Tab>
          <Tabs.Tab value="gather" leftSection={<IconUsersGroup size={16} />}>
            Gather Units
          </Tabs.Tab>
          <Tabs.Tab value="simulator" leftSection={<IconFlask size={16} />} data-testid="army-simulator-tab">
            Simulator
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dispatch">
          <DispatchForm key={selected} startId={selected} />
        </Tabs.Panel>
        <Tabs.Panel value="gather">
          <GatherTab key={selected} targetId={selected} />
        </Tabs.Panel>
        <Tabs.Panel value="simulator">
          <Simulator selectedId={selected} />
        </Tabs.Panel>
      </Tabs>
      <MovementsPanel />
    </Stack>
  );
}
