import { fail } from '../../errors';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { appendAudit, reasonText, type Operator } from './audit';
import { suspendPlayer } from './suspend.command';

export const REPORT_RULES = {
  report: 'Report not found.',
  resolved: 'This report has already been resolved.',
  gone: 'The reported player no longer exists; dismiss the report instead.',
} as const;

/**
 * An operator resolves a message report: 'dismiss' closes it, 'suspend' suspends the sender (the
 * console's existing action, audited as SUSPEND) and closes it. Each closing is audited.
 */
export async function resolveMessageReport(
  deps: WorldDeps,
  operator: Operator,
  input: { id: number; action: 'dismiss' | 'suspend'; reason: string },
  now: Date,
): Promise<{ id: number; status: 'DISMISSED' | 'ACTED' }> {
  const reason = reasonText(input.reason);
  const rows = await deps.em.execute<{ reported_id: number | null; status: string }[]>('select reported_id, status from message_reports where id = ?', [input.id]);
  const report = rows[0];
  if (!report) throw fail.notFound(REPORT_RULES.report);
  if (report.status !== 'OPEN') throw fail.conflict(REPORT_RULES.resolved);
  if (input.action === 'suspend') {
    if (report.reported_id === null) throw fail.conflict(REPORT_RULES.gone);
    await suspendPlayer(deps, operator, { user_id: report.reported_id, reason }, now);
  }
  const status = input.action === 'suspend' ? 'ACTED' : 'DISMISSED';
  return inTransaction(deps, async (tx) => {
    const done = await tx.em.execute<{ reported_username: string }[]>(
      "update message_reports set status = ?, resolved_at = ? where id = ? and status = 'OPEN' returning reported_username",
      [status, now, input.id],
    );
    if (done.length === 0) throw fail.conflict(REPORT_RULES.resolved);
    await appendAudit(tx.em, operator, {
      action: input.action === 'suspend' ? 'ACT_ON_REPORT' : 'DISMISS_REPORT', target_kind: 'report', target_id: input.id, target_label: `Report on ${done[0]!.reported_username}`, reason,
    }, now);
    return { id: input.id, status };
  });
}
