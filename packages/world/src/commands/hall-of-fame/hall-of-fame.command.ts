import { stripLinks } from '@brood/game-core';
import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockPlayer } from '../../kernel/locks';
import { formatWait, type HallOfFameComment } from '../../queries/hall-of-fame.query';

export const COMMENT_COOLDOWN_MS = 60 * 60 * 1000;
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENT_RULES = {
  empty: 'Comment text must not be empty.',
  long: `Comment must be at most ${COMMENT_MAX_LENGTH} characters.`,
  entry: 'Hall of Fame entry not found.',
} as const;

/**
 * POST /halloffame/entries/{id}/comments: non-empty text, links replaced by '[Link entfernt]', one
 * comment per player per hour (429 whose sentence says 'rate limit'). The player's row is locked so
 * two posts at once cannot both pass the check.
 */
export async function postHallOfFameComment(deps: WorldDeps, actor: Actor, input: { entry_id: number; comment_text: string }, now: Date): Promise<HallOfFameComment> {
  const text = stripLinks(input.comment_text.trim());
  if (!text) throw fail.unprocessable(COMMENT_RULES.empty);
  if ([...text].length > COMMENT_MAX_LENGTH) throw fail.unprocessable(COMMENT_RULES.long);
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    const entry = await tx.em.execute('select 1 from hall_of_fame_entries where id = ?', [input.entry_id]);
    if (entry.length === 0) throw fail.notFound(COMMENT_RULES.entry);
    const last = await tx.em.execute<{ created_at: Date }[]>('select created_at from hall_of_fame_comments where user_id = ? order by created_at desc limit 1', [actor.id]);
    const nextAt = last[0] ? new Date(last[0].created_at).getTime() + COMMENT_COOLDOWN_MS : 0;
    if (nextAt > now.getTime()) throw fail.tooMany(`Comment rate limit reached: you can post again in ${formatWait(nextAt - now.getTime())}.`);
    const rows = await tx.em.execute<{ id: number }[]>('insert into hall_of_fame_comments (entry_id, user_id, comment_text, created_at) values (?, ?, ?, ?) returning id', [
      input.entry_id,
      actor.id,
      text,
      now,
    ]);
    const user = await tx.em.execute<{ username: string }[]>('select username from users where id = ?', [actor.id]);
    return { id: rows[0]!.id, user_id: actor.id, username: user[0]!.username, comment_text: text, created_at: now.toISOString() };
  });
}
