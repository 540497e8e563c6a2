import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { fail } from '../../errors';
import { formatWait } from '../../queries/hall-of-fame.query';

/** The sentences players read when a message, block, buddy or report call is refused. */
export const MESSAGE_RULES = {
  recipient: 'No player has that name. Check the spelling, or find them with the player search.',
  self: 'You cannot write to yourself.',
  subject: (max: number) => `Subject must be 1 to ${max} characters.`,
  body: (max: number) => `Message must be 1 to ${max} characters.`,
  message: 'Message not found.',
  player: 'Player not found.',
  alreadyReported: 'You have already reported this message; an operator will look at it.',
  reportOwn: 'You can report only a message you received.',
  circularRank: 'Only the leader and officers can send a circular to the alliance.',
  circularAlliance: 'You can send a circular only to your own alliance.',
  blockSelf: 'You cannot block yourself.',
  buddySelf: 'You cannot add yourself as a buddy.',
  buddyExists: 'You are already buddies, or a request between you is waiting.',
  buddyRequest: 'Buddy request not found.',
  buddy: 'Buddy not found.',
} as const;

/** The subject and body as stored: trimmed, non-empty, within the universe's lengths (422 otherwise). */
export function messageText(catalogue: Catalogue, input: { subject: string; body: string }): { subject: string; body: string } {
  const limits = catalogue.universe.messages;
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject || [...subject].length > limits.subject_max_length) throw fail.unprocessable(MESSAGE_RULES.subject(limits.subject_max_length));
  if (!body || [...body].length > limits.body_max_length) throw fail.unprocessable(MESSAGE_RULES.body(limits.body_max_length));
  return { subject, body };
}

interface SenderRow {
  is_test_account: boolean;
  created_at: Date;
}

/**
 * Refuses a send past the sender's limits (429 saying when the next one is allowed): sends counted in
 * the database over the last minute and hour, fewer for guests and accounts younger than a day. The
 * caller holds the sender's row lock, so two sends at once are counted one after the other.
 */
export async function checkSendLimit(em: EntityManager, catalogue: Catalogue, senderId: number, now: Date): Promise<void> {
  const m = catalogue.universe.messages;
  const sender = (await em.execute<SenderRow[]>('select is_test_account, created_at from users where id = ?', [senderId]))[0];
  if (!sender) throw fail.unauthorized('Your account no longer exists');
  const young = now.getTime() - new Date(sender.created_at).getTime() < m.new_account_hours * 3_600_000;
  const [perMinute, perHour, who] = sender.is_test_account
    ? [m.guest_per_minute, m.guest_per_hour, 'guest accounts']
    : young
      ? [m.new_account_per_minute, m.new_account_per_hour, `accounts younger than ${m.new_account_hours} hours`]
      : [m.per_minute, m.per_hour, 'players'];
  for (const [limit, windowMs, unit] of [[perMinute, 60_000, 'minute'], [perHour, 3_600_000, 'hour']] as const) {
    const since = new Date(now.getTime() - windowMs);
    const rows = await em.execute<{ created_at: Date }[]>(
      'select created_at from message_sends where sender_id = ? and created_at > ? order by created_at desc offset ? limit 1',
      [senderId, since, limit - 1],
    );
    const oldest = rows[0];
    if (oldest) {
      const wait = new Date(oldest.created_at).getTime() + windowMs - now.getTime();
      throw fail.tooMany(`Message limit reached: ${who} may send ${limit} messages per ${unit}. You can send again in ${formatWait(wait)}.`);
    }
  }
}
