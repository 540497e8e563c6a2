import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowRight, IconChevronDown, IconMapPin, IconRefresh } from '@tabler/icons-react';
import { useCanHover } from '../../components/shell/breakpoints';
import { formatCoordinates } from '../../lib/format';
import { COORDINATE_MAX_LENGTH, digitsOnly, parseCoordinateEntry, type CoordinateEntry, type MapTarget } from './coordinates';
import { TRUNCATE, truncate } from './labels';

export interface OwnedTerritory {
  id: number;
  name: string;
  region: number;
  sub_region: number;
  position: number;
}

interface MapToolbarProps {
  entry: CoordinateEntry;
  onEntryChange: (entry: CoordinateEntry) => void;
  onGo: (target: MapTarget) => void;
  onRefresh: () => void;
  refreshing: boolean;
  territories: readonly OwnedTerritory[] | undefined;
  onTerritory: (territory: OwnedTerritory) => void;
}

const BOXES = [
  { key: 'r', label: 'R', title: 'Region (1-961)' },
  { key: 's', label: 'S', title: 'Sub-region (1-961)' },
  { key: 'p', label: 'P', title: 'Position (1-25)' },
] as const;

/** Coordinate entry (R, S, P, go, refresh) and the 'My Territories (n)' drop-down. */
export function MapToolbar({ entry, onEntryChange, onGo, onRefresh, refreshing, territories, onTerritory }: MapToolbarProps) {
  const [error, setError] = useState<string | null>(null);
  const canHover = useCanHover();

  const go = () => {
    const parsed = parseCoordinateEntry(entry);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onGo(parsed.target);
  };

  return (
    <div>
      <Group gap="xs" wrap="wrap" align="flex-start">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go();
          }}
          aria-label="Go to coordinates"
        >
          <Group gap={6} wrap="nowrap">
            {BOXES.map(({ key, label, title }) => (
              <TextInput
                key={key}
                aria-label={title}
                title={title}
                placeholder={label}
                value={entry[key]}
                inputMode="numeric"
                maxLength={COORDINATE_MAX_LENGTH[key]}
                w={key === 'p' ? 52 : 62}
                size="sm"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textAlign: 'center' } }}
                leftSectionWidth={0}
                onChange={(e) => {
                  setError(null);
                  onEntryChange({ ...entry, [key]: digitsOnly(e.currentTarget.value, COORDINATE_MAX_LENGTH[key]) });
                }}
                data-testid={`map-coord-${key}`}
              />
            ))}
            <Tooltip label="Go to coordinates" events={{ hover: true, focus: false, touch: false }} disabled={!canHover}>
              <ActionIcon type="submit" size="lg" variant="filled" aria-label="Go" data-testid="map-go">
                <IconArrowRight size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Refresh map" events={{ hover: true, focus: false, touch: false }} disabled={!canHover}>
              <ActionIcon size="lg" variant="light" color="brood" aria-label="Refresh map" onClick={onRefresh} loading={refreshing} data-testid="map-refresh">
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </form>
        <Menu position="bottom-start" width={260}>
          <Menu.Target>
            <Button variant="light" size="sm" rightSection={<IconChevronDown size={14} />} leftSection={<IconMapPin size={16} />} data-testid="my-territories">
              My Territories ({territories?.length ?? 0})
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
            {!territories || territories.length === 0 ? (
              <Menu.Label>No owned territories.</Menu.Label>
            ) : (
              territories.map((t) => (
                <Menu.Item key={t.id} onClick={() => onTerritory(t)} rightSection={<Text size="xs" c="dimmed" ff="monospace">{formatCoordinates(t)}</Text>}>
                  {truncate(t.name, TRUNCATE.myTerritoriesName)}
                </Menu.Item>
              ))
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {error && (
        <Text c="red.4" size="sm" mt={6} role="alert" data-testid="map-coord-error">
          {error}
        </Text>
      )}
    </div>
  );
}
