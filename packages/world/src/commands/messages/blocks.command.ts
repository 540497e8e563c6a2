import { fail } from '../../errors';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { MESSAGE_RULES } from './message-rules';

/**
 * POST /players/{id}/block: the player's messages and buddy requests no longer reach the actor (they
 * are not told); a buddy link or request between the two ends. Blocking twice changes nothing.
 */
export async function blockPlayer(deps: WorldDeps, actor: Actor, input: { id: number }, now: Date): Promise<{ id: number; blocked: true }> {
  if (input.id === actor.id) throw fail.badRequest(MESSAGE_RULES.blockSelf);
  return deps.em.transactional(async (em) => {
    const rows = await em.execute('insert into player_blocks (blocker_id, blocked_id, created_at) select ?, id, ? from users where id = ? on conflict do nothing returning blocked_id', [actor.id, now, input.id]);
    if (rows.length === 0 && (await em.execute('select 1 from users where id = ?', [input.id])).length === 0) throw fail.notFound(MESSAGE_RULES.player);
    await em.execute('delete from buddies where least(requester_id, addressee_id) = least(?::int, ?::int) and greatest(requester_id, addressee_id) = greatest(?::int, ?::int)', [actor.id, input.id, actor.id, input.id]);
    return { id: input.id, blocked: true };
  });
}

/** DELETE /players/{id}/block: their messages and requests reach the actor again (unblocking twice changes nothing). */
export async function unblockPlayer(deps: WorldDeps, actor: Actor, input: { id: number }): Promise<{ id: number; blocked: false }> {
  await deps.em.execute('delete from player_blocks where blocker_id = ? and blocked_id = ?', [actor.id, input.id]);
  return { id: input.id, blocked: false };
}
