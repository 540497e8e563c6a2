import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { DELETED_PLAYER } from '../../queries/departed-names';
import { MESSAGE_COLUMNS, MESSAGE_JOINS } from '../../queries/messages.query';
import { MESSAGE_RULES } from './message-rules';

/** POST /messages/{id}/read: only the recipient marks their copy read (anyone else: 404, as for a message that is not there). */
export async function markMessageRead(deps: WorldDeps, actor: Actor, input: { id: number }): Promise<{ id: number; is_read: true }> {
  const rows = await deps.em.execute<{ id: string }[]>('update messages set is_read = true where id = ? and recipient_id = ? and not recipient_deleted returning id', [input.id, actor.id]);
  if (rows.length === 0) throw fail.notFound(MESSAGE_RULES.message);
  return { id: input.id, is_read: true };
}

/** DELETE /messages/{id}: removes the player's own copy (received or sent); the other side keeps theirs. */
export async function deleteMessage(deps: WorldDeps, actor: Actor, input: { id: number }): Promise<{ id: number }> {
  return inTransaction(deps, async (tx) => {
    const received = await tx.em.execute<{ id: string }[]>('update messages set recipient_deleted = true where id = ? and recipient_id = ? and not recipient_deleted returning id', [input.id, actor.id]);
    const sent = await tx.em.execute<{ id: string }[]>('update messages set sender_deleted = true where id = ? and sender_id = ? and not sender_deleted returning id', [input.id, actor.id]);
    if (received.length + sent.length === 0) throw fail.notFound(MESSAGE_RULES.message);
    // Deleted on both sides and not reported: nobody can read it any more.
    await tx.em.execute('delete from messages where id = ? and sender_deleted and recipient_deleted', [input.id]);
    return { id: input.id };
  });
}

interface ReportedRow {
  id: string;
  sender_id: number | null;
  recipient_id: number | null;
  sender_username: string;
  recipient_username: string;
  subject: string;
  body: string;
  created_at: Date;
}

/**
 * POST /messages/{id}/report: the recipient sends a message to the operators' Reports queue, copied
 * with the earlier messages between the two players (its context), so the report outlives them.
 */
export async function reportMessage(deps: WorldDeps, actor: Actor, input: { id: number }, now: Date): Promise<{ id: number; status: 'OPEN' }> {
  return inTransaction(deps, async (tx) => {
    const rows = await tx.em.execute<ReportedRow[]>(
      `select ${MESSAGE_COLUMNS} ${MESSAGE_JOINS}
       where m.id = ? and (m.recipient_id = ? and not m.recipient_deleted or m.sender_id = ? and not m.sender_deleted)`,
      [input.id, actor.id, actor.id],
    );
    const message = rows[0];
    if (!message) throw fail.notFound(MESSAGE_RULES.message);
    if (message.recipient_id !== actor.id) throw fail.forbidden(MESSAGE_RULES.reportOwn);
    const context = await tx.em.execute<{ sender_username: string; subject: string; body: string; created_at: Date }[]>(
      `select coalesce(s.username, '${DELETED_PLAYER}') as sender_username, m.subject, m.body, m.created_at from messages m left join users s on s.id = m.sender_id
       where m.id < ? and (m.sender_id = ? and m.recipient_id = ? or m.sender_id = ? and m.recipient_id = ?)
       order by m.id desc limit ?`,
      [input.id, message.sender_id, actor.id, actor.id, message.sender_id, deps.catalogue.universe.messages.report_context_messages],
    );
    const inserted = await tx.em.execute<{ id: string }[]>(
      `insert into message_reports (message_id, reporter_id, reported_id, reporter_username, reported_username, subject, body, sent_at, context, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) on conflict do nothing returning id`,
      [input.id, actor.id, message.sender_id, message.recipient_username, message.sender_username, message.subject, message.body, message.created_at, JSON.stringify(context.reverse()), now],
    );
    if (inserted.length === 0) throw fail.conflict(MESSAGE_RULES.alreadyReported);
    return { id: Number(inserted[0]!.id), status: 'OPEN' };
  });
}
