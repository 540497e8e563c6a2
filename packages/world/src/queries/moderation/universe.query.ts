import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface UniverseCounts {
  players: number;
  guests: number;
  suspended: number;
  operators: number;
  territories: number;
  fleets_in_flight: number;
  /** pg-boss jobs whose time has come and that no worker holds yet. */
  jobs_due: number;
  /** Of those, the ones waiting longer than `moderation.job_late_seconds`. */
  jobs_late: number;
}

export interface UniverseOverview {
  /** universe.json with this deployment's UNIVERSE_OVERRIDES applied: what the game runs on. */
  settings: Catalogue['universe'];
  /** UNIVERSE_OVERRIDES as given (empty when unset). */
  overrides: Record<string, unknown>;
  counts: UniverseCounts;
  late_after_seconds: number;
}

/** The console's Universe page: effective settings and live counts, each one indexed or small query. */
export async function universeOverview(em: EntityManager, catalogue: Catalogue, overrides: Record<string, unknown> | undefined): Promise<UniverseOverview> {
  const late = catalogue.universe.moderation.job_late_seconds;
  const [row] = await em.fork().execute<Record<keyof UniverseCounts, string | number>[]>(
    `select (select count(*) from users where not is_test_account) as players,
            (select count(*) from users where is_test_account) as guests,
            (select count(*) from users where suspended_at is not null) as suspended,
            (select count(*) from users where is_operator) as operators,
            (select count(*) from territories where owner_id is not null) as territories,
            (select count(*) from movements where arrival_time is not null) as fleets_in_flight,
            (select count(*) from pgboss.job where state in ('created', 'retry') and start_after <= now()) as jobs_due,
            (select count(*) from pgboss.job where state in ('created', 'retry') and start_after <= now() - make_interval(secs => ?)) as jobs_late`,
    [late],
  );
  const counts = Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)])) as unknown as UniverseCounts;
  return { settings: catalogue.universe, overrides: overrides ?? {}, counts, late_after_seconds: late };
}
