import type { EntityManager } from '@mikro-orm/postgresql';
import type { AllianceRank } from '../../entities/alliance.entity';
import { fail } from '../../errors';
import { publishEvents, type GameEventPayload } from '../../events';
import type { JobSender } from '../../jobs';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockAlliance, lockPlayer } from '../../kernel/locks';
import { memberOf } from '../../queries/alliance-reads';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, toMessageView, type MessageView } from '../../queries/messages.query';
import { schedulePushes } from '../push/schedule-pushes';
import { checkSendLimit, MESSAGE_RULES, messageText } from './message-rules';

interface Recipient {
  id: number;
  /** The recipient blocked the sender: the message is stored as deleted on their side, and they are not told. */
  blocked: boolean;
}

/**
 * Stores one send (a message or a circular) with a row per recipient, and raises MESSAGE_RECEIVED and
 * schedules a `private_message` push (the recipient's switches decide) for each recipient who has not
 * blocked the sender, on commit. Answers the rows' ids in recipients' order.
 */
async function storeSend(tx: JobSender, sender: { id: number; username: string }, recipients: readonly Recipient[], text: { subject: string; body: string }, circular: boolean, now: Date): Promise<number[]> {
  const { em } = tx;
  const send = await em.execute<{ id: string }[]>('insert into message_sends (sender_id, created_at) values (?, ?) returning id', [sender.id, now]);
  const ids: number[] = [];
  const events: GameEventPayload[] = [];
  for (const r of recipients) {
    const row = await em.execute<{ id: string }[]>(
      `insert into messages (send_id, sender_id, recipient_id, subject, body, is_circular, recipient_deleted, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [send[0]!.id, sender.id, r.id, text.subject, text.body, circular, r.blocked, now],
    );
    const id = Number(row[0]!.id);
    ids.push(id);
    if (!r.blocked) events.push({ user_id: r.id, event: 'MESSAGE_RECEIVED', data: { id, sender_id: sender.id, sender_username: sender.username, subject: text.subject, is_circular: circular } });
  }
  await publishEvents(em, events);
  await schedulePushes(tx, ids.flatMap((id, i) => (recipients[i]!.blocked ? [] : [{ source: { message_id: id }, userId: recipients[i]!.id, kind: 'private_message' as const }])));
  return ids;
}

const senderName = async (em: EntityManager, id: number) => (await em.execute<{ username: string }[]>('select username from users where id = ?', [id]))[0]!.username;

/** POST /messages: a private message to a player by name (any case). A blocked sender is not told. */
export async function sendMessage(deps: WorldDeps, actor: Actor, input: { recipient_username: string; subject: string; body: string }, now: Date): Promise<MessageView> {
  const text = messageText(deps.catalogue, input);
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    const found = await tx.em.execute<{ id: number; blocked: boolean }[]>(
      `select u.id, exists (select 1 from player_blocks b where b.blocker_id = u.id and b.blocked_id = ?) as blocked
       from users u where lower(u.username) = lower(?)`,
      [actor.id, input.recipient_username.trim()],
    );
    const recipient = found[0];
    if (!recipient) throw fail.notFound(MESSAGE_RULES.recipient);
    if (recipient.id === actor.id) throw fail.badRequest(MESSAGE_RULES.self);
    await checkSendLimit(tx.em, deps.catalogue, actor.id, now);
    const [id] = await storeSend(tx, { id: actor.id, username: await senderName(tx.em, actor.id) }, [recipient], text, false, now);
    const rows = await tx.em.execute<Parameters<typeof toMessageView>[0][]>(`select ${MESSAGE_COLUMNS} ${MESSAGE_JOINS} where m.id = ?`, [id]);
    return toMessageView(rows[0]!);
  });
}

/**
 * POST /alliances/{id}/circular: the leader or an officer writes to every other member of their own
 * alliance, or to those of one rank; each copy is marked as a circular. Answers how many it reached.
 */
export async function sendCircular(
  deps: WorldDeps,
  actor: Actor,
  input: { alliance_id: number; subject: string; body: string; rank?: AllianceRank | undefined },
  now: Date,
): Promise<{ recipients: number }> {
  const text = messageText(deps.catalogue, input);
  return inTransaction(deps, async (tx) => {
    await lockAlliance(tx.em, input.alliance_id);
    await lockPlayer(tx.em, actor);
    const me = await memberOf(tx.em, actor.id);
    if (!me || me.alliance_id !== input.alliance_id) throw fail.forbidden(MESSAGE_RULES.circularAlliance);
    if (me.rank === 'MEMBER') throw fail.forbidden(MESSAGE_RULES.circularRank);
    await checkSendLimit(tx.em, deps.catalogue, actor.id, now);
    const members = await tx.em.execute<Recipient[]>(
      `select m.user_id as id, exists (select 1 from player_blocks b where b.blocker_id = m.user_id and b.blocked_id = ?) as blocked
       from alliance_members m where m.alliance_id = ? and m.user_id <> ? and (?::varchar is null or m.rank = ?) order by m.user_id`,
      [actor.id, input.alliance_id, actor.id, input.rank ?? null, input.rank ?? null],
    );
    await storeSend(tx, { id: actor.id, username: me.username }, members, text, true, now);
    return { recipients: members.length };
  });
}
