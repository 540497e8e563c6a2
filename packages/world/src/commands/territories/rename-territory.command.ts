import { fail } from '../../errors';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { sqlRows } from '../../kernel/bulk-write';
import { refuseTerritory } from '../../queries/territory-read.query';

/** The refusal of a name outside 1..max characters (max: the universe's territory_name_max_length). */
export const territoryNameRule = (max: number) => `Territory name must be between 1 and ${max} characters.`;

/**
 * PUT /territories/{id}/name: the name trimmed, 1 to the universe's territory_name_max_length
 * characters. One statement: the UPDATE takes the row's lock itself (the lock order of kernel/access:
 * the territory, then its owner's row in the map-stamp trigger) and changes nothing of someone else's.
 */
export async function renameTerritory(deps: WorldDeps, actor: Actor, input: { territory_id: number; name: string }, now: Date): Promise<{ id: number; name: string }> {
  void now;
  const name = input.name.trim();
  const max = deps.catalogue.universe.territory_name_max_length;
  if (name.length < 1 || [...name].length > max) throw fail.unprocessable(territoryNameRule(max));
  const [renamed] = await sqlRows<{ id: number; name: string }>(
    deps.em,
    'update territories set name = $1 where id = $2 and owner_id = $3 returning id, name',
    [name, input.territory_id, actor.id],
  );
  return renamed ?? refuseTerritory(deps.em, input.territory_id);
}
