import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconUsersGroup, IconX } from '@tabler/icons-react';
import { describeApiError } from '../../lib/api-errors';
import { formatCoordinates, formatNumber } from '../../lib/format';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { countsOf, useGameData, useTerritories, type TerritorySummary } from '../territories';
import { UnitPicker } from './amount-pickers';
import { DISPATCH_ERRORS, clampAmount } from './dispatch-model';
import { gatherFailedMessage, gatheredMessage, stageFleet, unstageFleet, type StagedFleet } from './gather-model';

function SourceCard({
  territory,
  units,
  nameOf,
  onStage,
}: {
  territory: TerritorySummary;
  units: Record<string, number>;
  nameOf: (key: string) => string;
  onStage: (chosen: Record<string, number>) => void;
}) {
  const [chosen, setChosen] = useState<Record<string, number>>({});
  return (
    <Paper withBorder p="sm" radius="md" bg="rgba(0,0,0,0.18)" data-testid={`gather-source-${territory.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} truncate>
            {territory.name}{' '}
            <Text span ff="monospace" c="dimmed" size="sm">
              {formatCoordinates(territory)}
            </Text>
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={!Object.values(chosen).some((n) => n > 0)}
            onClick={() => {
              onStage(chosen);
              setChosen({});
            }}
          >
            Stage
          </Button>
        </Group>
        <UnitPicker
          available={units}
          selected={chosen}
          nameOf={nameOf}
          eligible={() => true}
          onChange={(key, v) => setChosen((c) => ({ ...c, [key]: clampAmount(v, units[key] ?? 0) }))}
          onSelectAll={() => setChosen({ ...units })}
        />
      </Stack>
    </Paper>
  );
}

/** Gather Units (core "Army movement panel"): fleets of other territories staged, then stationed here. */
export function GatherTab({ targetId }: { targetId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const territories = useTerritories();
  const gameData = useGameData();
  const [staged, setStaged] = useState<StagedFleet[]>([]);
  const [error, setError] = useState<string | null>(null);
  const target = territories.data?.find((t) => t.id === targetId);
  const sources = (territories.data ?? []).filter((t) => t.id !== targetId);
  const unitReads = useQueries({ queries: sources.map((t) => trpc.territories.units.queryOptions({ id: t.id }, { staleTime: 5_000 })) });
  const nameOf = (key: string) => gameData.data?.units[key]?.name ?? key;
  const nameOfTerritory = (id: number) => sources.find((t) => t.id === id)?.name ?? `#${id}`;

  const gather = useMutation(
    trpc.movements.gatherStation.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.movements.pathFilter());
        void queryClient.invalidateQueries(trpc.territories.pathFilter());
      },
    }),
  );

  const initiate = () => {
    if (staged.length === 0) {
      setError(DISPATCH_ERRORS.gatherEmpty);
      return;
    }
    setError(null);
    gather.mutate(
      { target_territory_id: targetId, source_operations: staged },
      {
        onSuccess: (result) => {
          if (result.successful_movements.length > 0) showSuccess(gatheredMessage(result.successful_movements.length));
          if (result.failed_operations.length > 0) {
            console.warn('Gathering: fleets not dispatched', result.failed_operations);
            showError(gatherFailedMessage(result.failed_operations.length));
          }
          setStaged([]);
        },
        onError: (e) => setError(describeApiError(e).detail || describeApiError(e).message),
      },
    );
  };

  const holding = sources
    .map((t, i) => ({ territory: t, units: countsOf(unitReads[i]?.data, 'unit_key') }))
    .filter((s) => Object.values(s.units).some((n) => n > 0));

  return (
    <Stack gap="md" data-testid="gather-tab">
      <Paper className="bs-glass" p={{ base: 'sm', sm: 'lg' }}>
        <Group gap="xs">
          <IconUsersGroup size={20} color="var(--mantine-color-acid-4)" />
          <Title order={5}>Gather at {target?.name ?? 'your territory'}</Title>
          {target && (
            <Text ff="monospace" c="dimmed" size="sm">
              {formatCoordinates(target)}
            </Text>
          )}
        </Group>
      </Paper>
      {holding.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="gather-no-sources">
          None of your other territories holds units.
        </Text>
      ) : (
        holding.map((s) => (
          <SourceCard key={s.territory.id} territory={s.territory} units={s.units} nameOf={nameOf} onStage={(chosen) => setStaged((list) => stageFleet(list, s.territory.id, chosen))} />
        ))
      )}
      <Paper withBorder p="sm" radius="md" data-testid="gather-staged">
        <Stack gap="xs">
          <Text fw={700}>Staged fleets</Text>
          {staged.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing staged yet.
            </Text>
          )}
          {staged.map((f) => (
            <Group key={f.source_territory_id} justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {nameOfTerritory(f.source_territory_id)}
                </Text>
                {Object.entries(f.units).map(([k, n]) => (
                  <Badge key={k} variant="light" color="gray" size="sm">
                    {formatNumber(n)} × {nameOf(k)}
                  </Badge>
                ))}
              </Group>
              <ActionIcon variant="subtle" color="gray" aria-label="Remove from staging" onClick={() => setStaged((list) => unstageFleet(list, f.source_territory_id))}>
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Stack gap={4} align="flex-start">
            <Button onClick={initiate} loading={gather.isPending} data-testid="initiate-gathering">
              Initiate Gathering ({staged.length})
            </Button>
            {error && (
              <Text c="red.4" size="sm" data-testid="gather-error">
                {error}
              </Text>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
