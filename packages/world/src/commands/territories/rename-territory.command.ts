import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockOwnedTerritory } from '../../kernel/access';

/** The refusal of a name outside 1..max characters (max: the universe's territory_name_max_length). */
export const territoryNameRule = (max: number) => `Territory name must be between 1 and ${max} characters.`;

/** PUT /territories/{id}/name: the name trimmed, 1 to the universe's territory_name_max_length characters. */
export async function renameTerritory(deps: WorldDeps, actor: Actor, input: { territory_id: number; name: string }, now: Date): Promise<{ id: number; name: string }> {
  void now;
  const name = input.name.trim();
  const max = deps.catalogue.universe.territory_name_max_length;
  if (name.length < 1 || [...name].length > max) throw fail.unprocessable(territoryNameRule(max));
  return inTransaction(deps, async (tx) => {
    const territory = await lockOwnedTerritory(tx.em, actor, input.territory_id);
    territory.name = name;
    await tx.em.flush();
    return { id: territory.id, name: territory.name };
  });
}
