import { useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconShieldHalf, IconSpider } from '@tabler/icons-react';
import { useSelectedTerritoryId } from '../territories';
import { CombatantPanel } from './combatant-panel';

type UnitsView = 'units' | 'defenses';

/** Units tab: 'Recruit Units' and 'Build Defenses' for the selected territory. */
export function UnitsTab() {
  const territoryId = useSelectedTerritoryId();
  const [view, setView] = useState<UnitsView>('units');
  if (territoryId === null) return null;
  return (
    <Stack gap="md" data-testid="units-panel">
      <Tabs value={view} onChange={(v) => setView(v === 'defenses' ? 'defenses' : 'units')} variant="pills" radius="md">
        <Tabs.List>
          <Tabs.Tab value="units" leftSection={<IconSpider size={16} />}>
            Recruit Units
          </Tabs.Tab>
          <Tabs.Tab value="defenses" leftSection={<IconShieldHalf size={16} />}>
            Build Defenses
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <CombatantPanel key={`${view}:${territoryId}`} kind={view === 'units' ? 'unit' : 'defense'} territoryId={territoryId} />
    </Stack>
  );
}
