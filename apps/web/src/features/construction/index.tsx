import { useEffect, useMemo, useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import type { StructureDef } from '@brood/game-data';
import { useBuildQueue } from '../queue';
import { useEconomy, useSelectedTerritoryId } from '../territories';
import { cardEconomy, queueFullInfo } from '../../components/catalogue/card-explanation';
import { LevelledCard } from '../../components/catalogue/levelled-card';
import { queuedTargetsOf, structureModel, type LevelledModel } from '../../components/catalogue/levelled-model';
import { PanelEmpty, PanelError, PanelLoading, PanelUnavailable } from '../../components/catalogue/panel-states';
import { TierGroups } from '../../components/catalogue/tier-groups';
import { useHighlightedKey } from '../../components/catalogue/use-highlight';
import { useStartConstruction } from './use-start-construction';

const CATEGORIES = ['All', 'Facility', 'Production'] as const;
type Category = (typeof CATEGORIES)[number];

export const CONSTRUCTION_ERROR_TITLE = 'Error Loading Construction Data';

export function emptyStructuresText(category: Category): string {
  return category === 'All' ? 'No structures found' : `No structures found in the ${category} category`;
}

/** Buildings tab: the selected territory's structures by category and tier. */
export function ConstructionTab() {
  const territoryId = useSelectedTerritoryId();
  if (territoryId === null) return null;
  return <ConstructionPanel territoryId={territoryId} />;
}

/** Every structure's card model for a territory, from game-core's rules: what the Buildings tab shows and the guide reads. */
export function useStructureModels(territoryId: number | null) {
  const economy = useEconomy(territoryId);
  const { view } = economy;
  const queue = useBuildQueue(territoryId);
  const models = useMemo(() => {
    if (!view) return [];
    const limit = view.gameData.universe.queue_limits.build;
    const queueFull = (queue.data?.length ?? 0) >= limit;
    return Object.entries(view.gameData.structures).map(([key, def]) => ({
      def,
      model: structureModel(key, def, {
        catalogue: view.catalogue,
        structures: view.structures,
        technologies: view.technologies,
        stock: view.stock,
        effects: view.economy?.effects ?? null,
        queuedTargets: queuedTargetsOf(queue.data, 'structure_key', key),
        queueFull,
      }),
    }));
  }, [view, queue.data]);
  const queueInfo = view ? queueFullInfo('Build queue', queue.data, view.gameData.universe.queue_limits.build) : null;
  return { ...economy, models, queueInfo };
}

function ConstructionPanel({ territoryId }: { territoryId: number }) {
  const [category, setCategory] = useState<Category>('All');
  const { view, isLoading, unavailable, error, retry, models, queueInfo } = useStructureModels(territoryId);
  const { start, pendingKey, errors } = useStartConstruction(territoryId);
  const highlighted = useHighlightedKey('BUILDING');

  // A prerequisite jump to a structure of another category shows all of them.
  useEffect(() => {
    if (!highlighted || category === 'All') return;
    const def = view?.gameData.structures[highlighted];
    if (def && def.category !== category) setCategory('All');
  }, [highlighted, category, view]);

  if (error) return <PanelError title={CONSTRUCTION_ERROR_TITLE} message={error} onRetry={retry} />;
  if (unavailable) return <PanelUnavailable what="structures" />;
  if (isLoading || !view) return <PanelLoading label="Loading structures..." />;

  const shown = models.filter(({ def }) => category === 'All' || def.category === category);
  const entries = shown.map(({ def, model }) => ({ ...model, def }));

  return (
    <Stack gap="md" data-testid="construction-panel">
      <Tabs value={category} onChange={(value) => setCategory((value as Category | null) ?? 'All')} variant="pills" radius="md">
        <Tabs.List>
          {CATEGORIES.map((c) => (
            <Tabs.Tab key={c} value={c}>
              {c}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {entries.length === 0 ? (
        <PanelEmpty title={emptyStructuresText(category)} />
      ) : (
        <TierGroups
          entries={entries}
          render={(entry: LevelledModel & { def: StructureDef }) => (
            <LevelledCard
              key={entry.key}
              tab="BUILDING"
              itemKey={entry.key}
              name={entry.def.name}
              description={entry.def.description}
              tier={entry.tier}
              art={{ kind: entry.def.category === 'Facility' ? 'facility' : 'production', resource: entry.def.production?.resource }}
              built={entry.built}
              button={entry.button}
              cost={entry.cost}
              seconds={entry.seconds}
              stock={view.stock}
              unmet={entry.unmet}
              gains={entry.gains}
              effectKinds={view.gameData.effects}
              economy={cardEconomy(view)}
              queue={queueInfo}
              resourceNames={view.gameData.resources}
              resourceOrder={view.gameData.orderedResourceKeys}
              pending={pendingKey === entry.key}
              error={errors[entry.key] ?? null}
              onStart={() => start(entry.key, entry.def.name)}
            />
          )}
        />
      )}
    </Stack>
  );
}
