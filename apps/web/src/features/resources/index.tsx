import { Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { formatNumber, formatResourceAmount } from '../../lib/format';
import { useNow } from '../../hooks/use-now';
import { projectedStock, useGameData, useTerritory, useSelectedTerritoryId } from '../territories';
import { resourceColor } from '../../components/catalogue/resource-colors';
import { storageColor, storageLevel, type StorageLevel } from '../../components/catalogue/storage-level';

/** The bar's amounts move every second between reads, at the territory's own rates (game-core settle). */
const TICK_MS = 1000;

const LEVEL_TEXT: Record<StorageLevel, string> = { full: 'Storage full', warning: 'Storage almost full', ok: '' };

/** Resource chips of the selected territory: amount (k/m/b/t), yellow from 95% of storage, red when full. */
export function ResourceBar() {
  const territoryId = useSelectedTerritoryId();
  const territory = useTerritory(territoryId);
  const gameData = useGameData();
  const now = useNow(TICK_MS);

  if (territoryId === null) return null;
  if (!territory.data || !gameData.data) {
    if (territory.isError) {
      return (
        <Text fz="xs" c="red.4">
          Resources could not be loaded.
        </Text>
      );
    }
    return (
      <Group gap={6}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={38} w={96} radius="md" />
        ))}
      </Group>
    );
  }

  const data = territory.data;
  const stock = projectedStock(data, now);
  const keys = gameData.data.orderedResourceKeys.filter(
    (key) => gameData.data.resources[key].tier === 1 || (stock[key] ?? 0) > 0 || (data.all_resources_production_per_hour[key] ?? 0) > 0,
  );

  return (
    <Group gap={6} wrap="wrap" data-testid="resource-bar" aria-label="Resources">
      {keys.map((key) => {
        const amount = Math.floor(stock[key] ?? 0);
        const capacity = data.all_resources_storage_capacities[key];
        const level = storageLevel(amount, capacity);
        const color = storageColor(level);
        const perHour = data.all_resources_production_per_hour[key] ?? 0;
        const net = key === 'biomass' ? perHour - data.biomass_upkeep_per_hour : perHour;
        const name = gameData.data.resources[key].name;
        return (
          <Tooltip
            key={key}
            multiline
            w={220}
            label={
              <Stack gap={2}>
                <Text fz="sm" fw={700}>
                  {name}
                </Text>
                <Text fz="xs">
                  {formatNumber(amount)} / {formatNumber(capacity ?? 0)}
                </Text>
                <Text fz="xs">{`${net >= 0 ? '+' : ''}${formatNumber(Math.round(net * 100) / 100)} per hour`}</Text>
                {level !== 'ok' && (
                  <Text fz="xs" c={color} fw={700}>
                    {LEVEL_TEXT[level]}
                  </Text>
                )}
              </Stack>
            }
          >
            <Paper
              px={8}
              py={4}
              radius="md"
              className="bs-glass"
              data-testid={`resource-${key}`}
              data-level={level}
              style={{ borderColor: color ? `var(--mantine-color-${color}-6)` : undefined, minWidth: 84 }}
            >
              <Group gap={6} wrap="nowrap">
                <span style={{ width: 10, height: 10, borderRadius: 10, background: resourceColor(key), boxShadow: `0 0 8px ${resourceColor(key)}`, flex: 'none' }} />
                <Stack gap={0}>
                  <Text fz={10} c="dimmed" tt="uppercase" lts="0.06em" lh={1.2}>
                    {name}
                  </Text>
                  <Text fz="sm" fw={700} ff="monospace" lh={1.2} c={color ? `${color}.5` : undefined} data-testid={`resource-${key}-amount`}>
                    {formatResourceAmount(amount)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </Tooltip>
        );
      })}
    </Group>
  );
}
