import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Group, Loader, Select, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlanet } from '@tabler/icons-react';
import { useUiStore } from '../../stores/ui-store';
import { useTerritories } from './queries';
import { RenameTerritoryModal } from './rename-territory-modal';
import { territoryLabel } from './territory-label';

export * from './queries';
export { coreCatalogue, projectedStock, useEconomy, type EconomyView } from './economy';
export { territoryLabel } from './territory-label';
export { useSelectedTerritory, useSelectedTerritoryId, type SelectedTerritory } from './selected';

export const TERRITORIES_ERROR = 'Error loading territories.';
export const NO_TERRITORIES = 'No territories found.';

/**
 * The navbar's territory dropdown (core §2): 'name (r-s-p)' with a 'Select Territory' placeholder;
 * picks the first territory when none (or one no longer owned) is selected. Beside it, rename.
 */
export function TerritoryPicker() {
  const territories = useTerritories();
  const selectedId = useUiStore((s) => s.selectedTerritoryId);
  const setSelected = useUiStore((s) => s.setSelectedTerritoryId);
  const [renaming, setRenaming] = useState(false);
  const [renameRound, setRenameRound] = useState(0);
  const closeRename = useCallback(() => setRenaming(false), []);
  const openRename = () => {
    setRenameRound((n) => n + 1);
    setRenaming(true);
  };
  const list = territories.data;

  useEffect(() => {
    if (!list || list.length === 0) return;
    if (selectedId === null || !list.some((t) => t.id === selectedId)) setSelected(list[0]!.id);
  }, [list, selectedId, setSelected]);

  if (territories.isPending && territories.fetchStatus !== 'idle') {
    return <Loader size="sm" aria-label="Loading territories" />;
  }
  if (territories.isError) {
    return (
      <Text fz="xs" c="red.4" role="alert">
        {TERRITORIES_ERROR}
      </Text>
    );
  }
  if (!list || list.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        {NO_TERRITORIES}
      </Text>
    );
  }

  return (
    <Group gap={4} wrap="nowrap" data-testid="territory-picker">
      <Select<number>
        aria-label="Territory"
        placeholder="Select Territory"
        data={list.map((t) => ({ value: t.id, label: territoryLabel(t) }))}
        value={list.some((t) => t.id === selectedId) ? selectedId : null}
        onChange={(value) => value !== null && setSelected(value)}
        allowDeselect={false}
        leftSection={<IconPlanet size={16} />}
        size="sm"
        miw={0}
        style={{ flex: 1 }}
        comboboxProps={{ withinPortal: true, zIndex: 3000 }}
      />
      <Tooltip label="Rename territory">
        <ActionIcon variant="subtle" size="lg" onClick={openRename} aria-label="Rename territory">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <RenameTerritoryModal key={renameRound} opened={renaming} onClose={closeRename} territories={list} initialTerritoryId={selectedId} />
    </Group>
  );
}
