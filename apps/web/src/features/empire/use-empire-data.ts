import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { queueOptions, useRefreshAtNextChange } from '../queue';
import { CACHE, useGameData, useStats, useTechnologies, useTerritories } from '../territories';

/**
 * The empire overview's reads: per territory its details, units, defenses, and build, recruitment
 * and defense queues; for the player the game data, technologies, territory list and stats.
 */
export function useEmpireData() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const gameData = useGameData();
  const territories = useTerritories();
  const technologies = useTechnologies();
  const stats = useStats();
  const ids = (territories.data ?? []).map((t) => t.id);

  const details = useQueries({ queries: ids.map((id) => trpc.territories.get.queryOptions({ id }, { staleTime: CACHE.territoryStaleMs })) });
  const units = useQueries({ queries: ids.map((id) => trpc.territories.units.queryOptions({ id }, { refetchInterval: CACHE.unitsPollMs })) });
  const defenses = useQueries({ queries: ids.map((id) => trpc.territories.defenses.queryOptions({ id }, { refetchInterval: CACHE.unitsPollMs })) });
  const building = useQueries({ queries: ids.map((id) => trpc.construction.queue.queryOptions({ territory_id: id }, queueOptions)) });
  const recruitment = useQueries({ queries: ids.map((id) => trpc.recruitment.queue.queryOptions({ territory_id: id }, queueOptions)) });
  const defenseQueues = useQueries({ queries: ids.map((id) => trpc.defense.queue.queryOptions({ territory_id: id }, queueOptions)) });

  const allQueued = [
    ...building.flatMap((q) => q.data ?? []),
    ...recruitment.flatMap((q) => q.data ?? []),
    ...defenseQueues.flatMap((q) => q.data ?? []),
  ];
  useRefreshAtNextChange('empire', allQueued, () => {
    void client.invalidateQueries(trpc.construction.queue.queryFilter());
    void client.invalidateQueries(trpc.recruitment.queue.queryFilter());
    void client.invalidateQueries(trpc.defense.queue.queryFilter());
    void client.invalidateQueries(trpc.territories.pathFilter());
    void client.invalidateQueries(trpc.stats.pathFilter());
  });

  const essentials = [gameData, territories, technologies];
  const failed = [...essentials, ...details].find((q) => q.isError);
  const columns = (territories.data ?? []).map((territory, i) => ({
    territory,
    details: details[i]?.data,
    units: units[i]?.data,
    defenses: defenses[i]?.data,
    building: building[i]?.data,
    recruitment: recruitment[i]?.data,
    defenseQueue: defenseQueues[i]?.data,
  }));

  return {
    gameData: gameData.data,
    territoriesLoaded: territories.data !== undefined,
    technologies: technologies.data,
    stats: stats.data,
    columns,
    isLoading: essentials.some((q) => q.isPending),
    error: failed?.error ?? null,
    retry: () => {
      for (const q of [...essentials, ...details]) if (q.isError) void q.refetch();
    },
  };
}

export type EmpireData = ReturnType<typeof useEmpireData>;
export type EmpireColumn = EmpireData['columns'][number];
