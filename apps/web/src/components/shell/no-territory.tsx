import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconMap2, IconPlanetOff } from '@tabler/icons-react';
import { useUiStore } from '../../stores/ui-store';

export const NO_TERRITORY_TITLE = 'No Territory Selected';
export const ARMY_SELECT_HINT = 'Select territory with global selector.';

/** Buildings, Units and Army without a selected territory. */
export function NoTerritorySelected({ armyHint = false }: { armyHint?: boolean }) {
  const goToMap = () => useUiStore.getState().requestMainTab('MAP');
  return (
    <Center py={{ base: 'xl', sm: 60 }}>
      <Paper className="bs-glass" p="xl" maw={480} w="100%">
        <EmptyState
          title={NO_TERRITORY_TITLE}
          description={armyHint ? ARMY_SELECT_HINT : 'Pick one of your territories in the selector at the top, or find one on the star map.'}
          icon={<IconPlanetOff size={28} />}
          color="acid"
          variant="light"
        >
          <Button leftSection={<IconMap2 size={16} />} onClick={goToMap}>
            Go to Map
          </Button>
        </EmptyState>
      </Paper>
    </Center>
  );
}
