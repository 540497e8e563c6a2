import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { lockAccountRow } from '../../kernel/locks';
import { appendAudit, COMMAND_LINE, reasonText } from './audit';

/**
 * `npm run admin -- grant|revoke <username>`: the only way to the operator role (no call of the api
 * sets it). Written to the audit log as done by the command line. Answers whether anything changed.
 */
export async function setOperatorRole(em: EntityManager, username: string, grant: boolean, reason: string, now: Date): Promise<{ id: number; username: string; changed: boolean }> {
  const why = reasonText(reason);
  return em.fork().transactional(async (tem) => {
    const user = await lockAccountRow(tem, { username: username.trim() });
    if (!user) throw fail.notFound(`No player is named ${username.trim()}.`);
    if (user.is_operator === grant) return { id: user.id, username: user.username, changed: false };
    await tem.execute('update users set is_operator = ? where id = ?', [grant, user.id]);
    await appendAudit(tem, COMMAND_LINE, { action: grant ? 'GRANT_OPERATOR' : 'REVOKE_OPERATOR', target_kind: 'player', target_id: user.id, target_label: user.username, reason: why }, now);
    return { id: user.id, username: user.username, changed: true };
  });
}
