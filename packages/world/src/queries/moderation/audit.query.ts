import type { EntityManager } from '@mikro-orm/postgresql';

/** What an operator can do, as the audit log names it. */
export const AUDIT_ACTIONS = [
  'GRANT_OPERATOR', 'REVOKE_OPERATOR', 'SUSPEND', 'UNSUSPEND', 'RENAME_TERRITORY', 'RENAME_ALLIANCE', 'DELETE_HOF_COMMENT', 'ANNOUNCE',
  'DISMISS_REPORT', 'ACT_ON_REPORT', 'END_VACATION',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditView {
  id: number;
  at: string;
  operator_id: number | null;
  operator_name: string;
  action: AuditAction;
  target_kind: string;
  target_id: string;
  target_label: string;
  reason: string;
  details: Record<string, unknown>;
}

/** The audit log, newest first; `before` (an entry id) pages back; `target` narrows to one player, territory, ... */
export async function listAudit(em: EntityManager, query: { before?: number | undefined; target?: { kind: string; id: string } | undefined; limit: number }): Promise<AuditView[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.before !== undefined) {
    where.push('id < ?');
    params.push(query.before);
  }
  if (query.target) {
    where.push('target_kind = ? and target_id = ?');
    params.push(query.target.kind, query.target.id);
  }
  const rows = await em.fork().execute<(Omit<AuditView, 'at' | 'id'> & { id: string; at: Date })[]>(
    `select id, at, operator_id, operator_name, action, target_kind, target_id, target_label, reason, details
       from moderation_audit ${where.length ? `where ${where.join(' and ')}` : ''}
      order by id desc limit ?`,
    [...params, query.limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() }));
}
