import { publishEvent } from '../../events';
import { fail } from '../../errors';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { lockAccountRow, type AccountRow } from '../../kernel/locks';
import { appendAudit, MODERATION_RULES, reasonText, type Operator } from './audit';

/** The player an operator acts on, locked (step 2 of the lock order); 404 when there is none. */
async function lockTarget(deps: WorldDeps, userId: number): Promise<AccountRow> {
  const row = await lockAccountRow(deps.em, { id: userId });
  if (!row) throw fail.notFound(MODERATION_RULES.player);
  return row;
}

/**
 * Suspends a player: every call with their token answers 401 from now on, on every api process (each
 * call reads the account), sign-in answers 403, and ACCOUNT_SUSPENDED (sent on commit through NOTIFY)
 * sends their open pages to /login and closes their sockets on every api. Their fleets keep flying.
 */
export async function suspendPlayer(deps: WorldDeps, operator: Operator, input: { user_id: number; reason: string }, now: Date): Promise<{ user_id: number; suspended_at: string }> {
  const reason = reasonText(input.reason);
  if (input.user_id === operator.id) throw fail.badRequest(MODERATION_RULES.selfSuspend);
  return inTransaction(deps, async (tx) => {
    const target = await lockTarget(tx, input.user_id);
    if (target.is_operator) throw fail.badRequest(MODERATION_RULES.operatorSuspend);
    if (target.suspended_at) throw fail.conflict(MODERATION_RULES.alreadySuspended);
    await tx.em.execute('update users set suspended_at = ?, suspension_reason = ? where id = ?', [now, reason, target.id]);
    await appendAudit(tx.em, operator, { action: 'SUSPEND', target_kind: 'player', target_id: target.id, target_label: target.username, reason }, now);
    await publishEvent(tx.em, target.id, 'ACCOUNT_SUSPENDED', { reason });
    return { user_id: target.id, suspended_at: now.toISOString() };
  });
}

/** Lifts a suspension: the player signs in again (tokens issued before stay valid until they expire). */
export async function unsuspendPlayer(deps: WorldDeps, operator: Operator, input: { user_id: number; reason: string }, now: Date): Promise<{ user_id: number }> {
  const reason = reasonText(input.reason);
  return inTransaction(deps, async (tx) => {
    const target = await lockTarget(tx, input.user_id);
    if (!target.suspended_at) throw fail.conflict(MODERATION_RULES.notSuspended);
    await tx.em.execute('update users set suspended_at = null, suspension_reason = null where id = ?', [target.id]);
    await appendAudit(tx.em, operator, { action: 'UNSUSPEND', target_kind: 'player', target_id: target.id, target_label: target.username, reason }, now);
    return { user_id: target.id };
  });
}
