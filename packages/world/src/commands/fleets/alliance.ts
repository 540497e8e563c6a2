import type { EntityManager } from '@mikro-orm/postgresql';
import { alliedSlotNeeds } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { boundRows } from '../../kernel/bulk-write';

/**
 * Whether two players belong to the same alliance. Alliances live in `alliance_members`
 * (user_id, alliance_id), which the alliances migration (0050) creates; a database without that
 * table has no alliances, so nobody is anybody's ally there.
 */
export async function sameAlliance(em: EntityManager, a: number, b: number): Promise<boolean> {
  const rows = await boundRows<{ allied: boolean | null }>(
    em,
    `select case when to_regclass('alliance_members') is null then false end as allied`,
  );
  if (rows[0]?.allied === false) return false;
  const shared = await boundRows<{ n: string }>(
    em,
    'select count(*) as n from alliance_members a join alliance_members b on a.alliance_id = b.alliance_id where a.user_id = ? and b.user_id = ?',
    [a, b],
  );
  return Number(shared[0]?.n ?? 0) > 0;
}

/** A refused allied stationing for want of a slot, and what the host needs to build for one (the structure and its research chain). */
export function noAlliedSlot(catalogue: Catalogue, host: string, used: number, max: number): string {
  return `${host} has no free allied fleet slot (${used} of ${max} in use). ${alliedSlotNeeds(catalogue)}`;
}
