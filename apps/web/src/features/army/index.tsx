import { useEffect } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconRoute, IconTargetArrow, IconUsersGroup } from '@tabler/icons-react';
import { FeaturePlaceholder } from '../../components/shell/feature-placeholder';
import { useUiStore } from '../../stores/ui-store';
import { useTerritories } from '../territories';
import { PendingOrderCard } from './pending-order';


/**
 * The Army tab (core "Army movement panel"). Dispatch shows the order chosen on the map; the unit
 * selection and sending arrive with the fleets (milestone 2).
 */
export function ArmyTab() {
  const order = useUiStore((s) => s.pendingMovementOrder);
  const territories = useTerritories();

  // Arriving here is the navigation the order asked for.
  useEffect(() => {
    if (order?.navigateToMovementTab) useUiStore.getState().acknowledgeMovementNavigation();
  }, [order]);

  const start = territories.data?.find((t) => t.id === order?.startTerritoryIdForMovementPanel);

  return (
    <Tabs defaultValue="dispatch" keepMounted={false} data-testid="army-tab">
      <Tabs.List mb="md">
        <Tabs.Tab value="dispatch" leftSection={<IconTargetArrow size={16} />}>
          Dispatch Units
        </Tabs.Tab>
        <Tabs.Tab value="gather" leftSection={<IconUsersGroup size={16} />}>
          Gather Units
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="dispatch">
        <Stack gap="md">
          {order ? (
            <PendingOrderCard
              order={order}
              start={start}
              onClear={() => useUiStore.getState().clearPendingMovementOrder()}
              onBackToMap={() => useUiStore.getState().requestMainTab('MAP')}
            />
          ) : (
            <FeaturePlaceholder
              title="No target chosen"
              description="Right-click (or long-press) a position on the star map and pick a mission to prepare an order."
              icon={<IconRoute size={28} />}
            />
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="gather">
        <FeaturePlaceholder
          title="Gather Units"
          description="Bringing fleets from several territories together arrives with fleet movements."
          icon={<IconUsersGroup size={28} />}
          badge="Coming with fleets"
        />
      </Tabs.Panel>
    </Tabs>
  );
}
