import { useEffect, useMemo, useState } from 'react';
import { Alert, Stack, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { researchSpeedModifier } from '@brood/game-core';
import { describeApiError } from '../../lib/api-errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { cardEconomy, queueFullInfo } from '../../components/catalogue/card-explanation';
import { LevelledCard } from '../../components/catalogue/levelled-card';
import { queuedTargetsOf, technologyModel } from '../../components/catalogue/levelled-model';
import { PanelEmpty, PanelError, PanelLoading, PanelUnavailable } from '../../components/catalogue/panel-states';
import { TierGroups } from '../../components/catalogue/tier-groups';
import { useHighlightedKey } from '../../components/catalogue/use-highlight';
import { useResearchQueue } from '../queue';
import { useEconomy, levelsOf, useTerritories, useSelectedTerritoryId } from '../territories';

const CATEGORIES = [
  { value: 'All', label: 'All' },
  { value: 'GENERAL', label: 'General' },
  { value: 'PRODUCTION', label: 'Production' },
  { value: 'COMBAT', label: 'Combat' },
] as const;
type Category = (typeof CATEGORIES)[number]['value'];

export const RESEARCH_ERROR_TITLE = 'Error Loading Research Data';
export const SELECT_TERRITORY_TO_PAY = 'Please select a territory to pay for research costs.';
export const SELECT_TERRITORY_HINT = 'Select a territory in the selector at the top to pay research costs.';

function useStartResearch(territoryId: number | null) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation(
    trpc.research.start.mutationOptions({
      meta: { errorToast: (info) => `Research failed: ${info.detail}` },
      onSettled: () => {
        void client.invalidateQueries(trpc.research.queue.queryFilter());
        void client.invalidateQueries(trpc.territories.pathFilter());
      },
    }),
  );
  const start = (key: string, name: string, hasCost: boolean) => {
    if (hasCost && territoryId === null) {
      setErrors((all) => ({ ...all, [key]: SELECT_TERRITORY_TO_PAY }));
      return;
    }
    setErrors(({ [key]: _, ...rest }) => rest);
    mutation.mutate(
      { tech_key: key, territory_id_for_cost: territoryId },
      {
        onSuccess: () => showSuccess(`${name} research started!`),
        onError: (error) => setErrors((all) => ({ ...all, [key]: describeApiError(error).detail })),
      },
    );
  };
  return { start, pendingKey: mutation.isPending ? mutation.variables.tech_key : null, errors };
}

/**
 * Every technology's card model for the paying territory (null: none), from game-core's rules: what
 * the Research tab shows and the guide reads.
 */
export function useTechnologyModels(territoryId: number | null) {
  const economy = useEconomy(territoryId);
  const { view } = economy;
  const territories = useTerritories();
  const queue = useResearchQueue();
  const entries = useMemo(() => {
    if (!view) return [];
    const queueFull = (queue.data?.length ?? 0) >= view.gameData.universe.queue_limits.research;
    const labs = (territories.data ?? []).map((t) => levelsOf(t.structures, 'structure_key'));
    const researchModifier = researchSpeedModifier(view.catalogue, view.technologies, labs);
    return Object.entries(view.gameData.technologies).map(([key, def]) => ({
      def,
      ...technologyModel(key, def, {
        catalogue: view.catalogue,
        technologies: view.technologies,
        structures: view.territory ? view.structures : null,
        stock: view.territory ? view.stock : null,
        queuedTargets: queuedTargetsOf(queue.data, 'tech_key', key),
        queueFull,
        researchModifier,
      }),
    }));
  }, [view, queue.data, territories.data]);
  const queueInfo = view ? queueFullInfo('Research queue', queue.data, view.gameData.universe.queue_limits.research) : null;
  return { ...economy, entries, queueInfo };
}

/** Research tab: the player's technologies; the selected territory pays and its structures count. */
export function ResearchTab() {
  const territoryId = useSelectedTerritoryId();
  const [category, setCategory] = useState<Category>('All');
  const { view, isLoading, unavailable, error, retry, entries, queueInfo } = useTechnologyModels(territoryId);
  const { start, pendingKey, errors } = useStartResearch(territoryId);
  const highlighted = useHighlightedKey('RESEARCH');

  useEffect(() => {
    if (!highlighted || category === 'All') return;
    const def = view?.gameData.technologies[highlighted];
    if (def && def.category !== category) setCategory('All');
  }, [highlighted, category, view]);

  if (error) return <PanelError title={RESEARCH_ERROR_TITLE} message={error} onRetry={retry} />;
  if (unavailable) return <PanelUnavailable what="research" />;
  if (isLoading || !view) return <PanelLoading label="Loading technologies..." />;

  const shown = entries.filter((e) => category === 'All' || e.def.category === category);
  const label = CATEGORIES.find((c) => c.value === category)?.label ?? category;

  return (
    <Stack gap="md" data-testid="research-panel">
      {territoryId === null && (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} data-testid="research-territory-hint">
          {SELECT_TERRITORY_HINT}
        </Alert>
      )}
      <Tabs value={category} onChange={(value) => setCategory((value as Category | null) ?? 'All')} variant="pills" radius="md">
        <Tabs.List>
          {CATEGORIES.map((c) => (
            <Tabs.Tab key={c.value} value={c.value}>
              {c.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {shown.length === 0 ? (
        <PanelEmpty title={category === 'All' ? 'No technologies found' : `No technologies found in the ${label} category`} />
      ) : (
        <TierGroups
          entries={shown}
          render={(entry) => (
            <LevelledCard
              key={entry.key}
              tab="RESEARCH"
              itemKey={entry.key}
              name={entry.def.name}
              description={entry.def.description}
              tier={entry.tier}
              art={{ kind: 'technology' }}
              built={entry.built}
              button={entry.button}
              cost={entry.cost}
              seconds={entry.seconds}
              stock={view.territory ? view.stock : undefined}
              unmet={entry.unmet}
              gains={entry.gains}
              effectKinds={view.gameData.effects}
              economy={cardEconomy(view)}
              queue={queueInfo}
              resourceNames={view.gameData.resources}
              resourceOrder={view.gameData.orderedResourceKeys}
              pending={pendingKey === entry.key}
              error={errors[entry.key] ?? null}
              onStart={() => start(entry.key, entry.def.name, Object.keys(entry.cost ?? {}).length > 0)}
            />
          )}
        />
      )}
    </Stack>
  );
}
