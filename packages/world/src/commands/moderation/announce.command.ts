import { fail } from '../../errors';
import { publishToEveryone } from '../../events';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { appendAudit, reasonText, type Operator } from './audit';

export const ANNOUNCEMENT_RULES = {
  title: 'The title must be 1 to 200 characters.',
  message: 'The message must be 1 to 2000 characters.',
} as const;

/**
 * Sends an announcement to every player (guests included) as a GENERIC_INFORMATION notification:
 * one INSERT ... SELECT over users and one NOTIFY to every socket, whatever the number of players.
 */
export async function announceToEveryone(deps: WorldDeps, operator: Operator, input: { title: string; message: string }, now: Date): Promise<{ recipients: number }> {
  const title = input.title.trim();
  const message = input.message.trim();
  if (title.length === 0 || [...title].length > 200) throw fail.unprocessable(ANNOUNCEMENT_RULES.title);
  if (message.length === 0 || [...message].length > 2000) throw fail.unprocessable(ANNOUNCEMENT_RULES.message);
  return inTransaction(deps, async (tx) => {
    const rows = await tx.em.execute<{ recipients: string }[]>(
      `with sent as (
         insert into notifications (id, user_id, message_type, title, content, is_read, related_object_id, created_at)
         select gen_random_uuid(), id, 'GENERIC_INFORMATION', ?, ?::jsonb, false, null, ? from users
         returning 1)
       select count(*) as recipients from sent`,
      [title, JSON.stringify({ message }), now],
    );
    const recipients = Number(rows[0]!.recipients);
    await appendAudit(tx.em, operator, { action: 'ANNOUNCE', target_kind: 'universe', target_id: 'all', target_label: title, reason: reasonText(message.slice(0, 500)), details: { recipients } }, now);
    await publishToEveryone(tx.em, 'ANNOUNCEMENT', { title });
    return { recipients };
  });
}
