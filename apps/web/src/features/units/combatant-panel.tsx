import { useMemo, useState } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { DefenseDef, UnitDef } from '@brood/game-data';
import { formatNumber } from '../../lib/format';
import { describeApiError } from '../../lib/api-errors';
import { PanelEmpty, PanelError, PanelLoading, PanelUnavailable } from '../../components/catalogue/panel-states';
import { TierGroups } from '../../components/catalogue/tier-groups';
import { cardEconomy, queueFullInfo } from '../../components/catalogue/card-explanation';
import { useDefenseQueue, useRecruitmentQueue } from '../queue';
import { useEconomy, countsOf, useStats, useTerritoryDefenses, useTerritoryUnits } from '../territories';
import { normaliseQuantityText, parseQuantity, type BatchKind } from './batch-button';
import { batchModel } from './batch-model';
import { CombatantCard } from './combatant-card';
import { FilterChips } from './filter-chips';
import { filterOptions, matchesFilters, NO_FILTERS, type Filters } from './filters';
import { useStartBatch } from './use-start-batch';

export const UNITS_ERROR_TITLE = 'Error Loading Data';
export const EMPTY_TEXT: Record<BatchKind, string> = {
  unit: 'No units match your current filters or none are available.',
  defense: 'No defenses match your current filters or none are available.',
};

type Def = UnitDef | DefenseDef;

/** One tab of the Units panel: recruit units or build defenses in the selected territory. */
export function CombatantPanel({ kind, territoryId }: { kind: BatchKind; territoryId: number }) {
  const { view, isLoading, unavailable, error, retry } = useEconomy(territoryId);
  const units = useTerritoryUnits(territoryId);
  const defenses = useTerritoryDefenses(territoryId);
  const recruitment = useRecruitmentQueue(territoryId);
  const defenseQueue = useDefenseQueue(territoryId);
  const stats = useStats();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const { start, pendingKey, errors } = useStartBatch(kind, territoryId);

  const counts = kind === 'unit' ? countsOf(units.data, 'unit_key') : countsOf(defenses.data, 'defense_key');
  const queue = kind === 'unit' ? recruitment.data : defenseQueue.data;

  const defs = useMemo((): [string, Def][] => {
    if (!view) return [];
    if (kind === 'defense') return Object.entries(view.gameData.defenses);
    // Units only won by exploring (the hidden 'Neutral' ones) cannot be hatched.
    return Object.entries(view.gameData.units).filter(([, def]) => def.recruitable !== false);
  }, [view, kind]);

  const options = useMemo(() => filterOptions(defs.map(([, def]) => def)), [defs]);

  const list = kind === 'unit' ? units : defenses;
  const listError = error ?? (list.error ? describeApiError(list.error).message : null);
  const retryAll = () => {
    retry();
    if (list.isError) void list.refetch();
  };
  if (listError) return <PanelError title={UNITS_ERROR_TITLE} message={listError} onRetry={retryAll} />;
  if (unavailable) return <PanelUnavailable what={kind === 'unit' ? 'units' : 'defenses'} />;
  if (isLoading || !view) return <PanelLoading label={kind === 'unit' ? 'Loading units...' : 'Loading defenses...'} />;

  const limits = view.gameData.universe.queue_limits;
  const queueInfo = queueFullInfo(kind === 'unit' ? 'Recruitment queue' : 'Defense queue', queue, kind === 'unit' ? limits.recruitment : limits.defense);
  const queueFull = queueInfo !== null;
  const economy = cardEconomy(view);
  const modifiedStats = new Map<string, Def['stats']>(
    kind === 'unit'
      ? (stats.data?.unit_stats ?? []).map((s) => [s.unit_key, s.stats])
      : (stats.data?.defense_stats ?? []).map((s) => [s.defense_key, s.stats]),
  );

  const entries = defs
    .filter(([, def]) => matchesFilters(def, filters))
    .map(([key, def]) => {
      const quantityText = quantities[key] ?? '1';
      const quantity = parseQuantity(quantityText);
      const queued = (queue ?? []).filter((b) => ('unit_key' in b ? b.unit_key : b.defense_key) === key);
      const model = batchModel({
        kind,
        key,
        def,
        quantity,
        catalogue: view.catalogue,
        structures: view.structures,
        technologies: view.technologies,
        stock: view.stock,
        economy: view.economy,
        queued,
        queueFull,
        have: counts[key] ?? 0,
      });
      return { key, tier: def.tier, def, model, quantity, quantityText };
    });

  const setQuantity = (key: string, text: string) => setQuantities((all) => ({ ...all, [key]: text }));

  return (
    <Stack gap="md">
      <DeployedStrip kind={kind} counts={counts} names={kind === 'unit' ? view.gameData.units : view.gameData.defenses} />
      <FilterChips options={options} value={filters} onChange={setFilters} />
      {entries.length === 0 ? (
        <PanelEmpty title={EMPTY_TEXT[kind]} />
      ) : (
        <TierGroups
          entries={entries}
          render={(e) => (
            <CombatantCard
              key={e.key}
              kind={kind}
              itemKey={e.key}
              name={e.def.name}
              description={e.def.description}
              tier={e.def.tier}
              archetype={e.def.archetype}
              archetypeDescription={e.def.archetype_description}
              capabilities={e.def.capabilities}
              stats={modifiedStats.get(e.key) ?? e.def.stats}
              have={counts[e.key] ?? 0}
              model={e.model}
              quantityText={e.quantityText}
              onQuantityChange={(text) => setQuantity(e.key, normaliseQuantityText(text))}
              onQuantityBlur={() => setQuantity(e.key, String(e.quantity))}
              onMax={() => setQuantity(e.key, String(e.model.max))}
              stock={view.stock}
              economy={economy}
              queue={queueInfo}
              resourceNames={view.gameData.resources}
              resourceOrder={view.gameData.orderedResourceKeys}
              pending={pendingKey === e.key}
              error={errors[e.key] ?? null}
              onSubmit={() => start(e.key, e.def.name, e.quantity)}
            />
          )}
        />
      )}
    </Stack>
  );
}

/** 'Deployed Units' / 'Deployed Defenses': what stands in the territory. */
function DeployedStrip({ kind, counts, names }: { kind: BatchKind; counts: Record<string, number>; names: Readonly<Record<string, { name: string }>> }) {
  const present = Object.entries(counts).filter(([, n]) => n > 0);
  return (
    <Paper className="bs-glass" px="sm" py={8} data-testid={kind === 'unit' ? 'deployed-units' : 'deployed-defenses'}>
      <Group gap={8} wrap="wrap">
        <Text fz="xs" fw={700} tt="uppercase" lts="0.08em" c="acid.4">
          {kind === 'unit' ? 'Deployed Units' : 'Deployed Defenses'}
        </Text>
        {present.length === 0 ? (
          <Text fz="xs" c="dimmed">
            None yet
          </Text>
        ) : (
          present.map(([key, n]) => (
            <Badge key={key} variant="light" color="gray" size="md" style={{ textTransform: 'none' }} data-testid={`deployed-${key}`}>
              {names[key]?.name ?? key} × {formatNumber(n)}
            </Badge>
          ))
        )}
      </Group>
    </Paper>
  );
}
