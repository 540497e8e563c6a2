import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { memberOf } from '../../queries/alliance-reads';
import { getAlliance, type AllianceDetailView } from '../../queries/alliances.query';
import { allianceInput } from './alliance-input';

export const ALREADY_IN_ALLIANCE = 'You are already in an alliance.';
export const NAME_OR_TAG_TAKEN = 'An alliance with this name or tag already exists.';

/**
 * POST /alliances: founds an alliance led by the actor. Their pending applications elsewhere are
 * withdrawn (a player belongs to one alliance).
 */
export async function foundAlliance(deps: WorldDeps, actor: Actor, input: { name?: string | null; tag?: string | null; description?: string | null }, now: Date): Promise<AllianceDetailView> {
  const fields = allianceInput(input);
  return inTransaction(deps, async (tx) => {
    if (await memberOf(tx.em, actor.id)) throw fail.conflict(ALREADY_IN_ALLIANCE);
    const created = await tx.em.execute<{ id: number }[]>(
      'insert into alliances (name, tag, description, created_at) values (?, ?, ?, ?) on conflict do nothing returning id',
      [fields.name, fields.tag, fields.description, now],
    );
    const id = created[0]?.id;
    if (id === undefined) throw fail.conflict(NAME_OR_TAG_TAKEN);
    const joined = await tx.em.execute<{ user_id: number }[]>(
      `insert into alliance_members (user_id, alliance_id, rank, joined_at) values (?, ?, 'LEADER', ?) on conflict (user_id) do nothing returning user_id`,
      [actor.id, id, now],
    );
    if (joined.length === 0) throw fail.conflict(ALREADY_IN_ALLIANCE);
    await tx.em.execute(`delete from alliance_applications where user_id = ? and status = 'PENDING'`, [actor.id]);
    return getAlliance(tx, id, now);
  });
}
