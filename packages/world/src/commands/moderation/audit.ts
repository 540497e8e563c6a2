import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import type { AuditAction } from '../../queries/moderation/audit.query';

/** The operator an action is done by; the command line acts as operator null, named 'command line'. */
export interface Operator {
  id: number | null;
  username: string;
}

export const COMMAND_LINE: Operator = { id: null, username: 'command line' };

export const REASON_MAX = 500;

export const MODERATION_RULES = {
  reason: `A reason of 1 to ${REASON_MAX} characters is required.`,
  player: 'Player not found.',
  territory: 'Territory not found.',
  alliance: 'Alliance not found.',
  comment: 'Comment not found.',
  alreadySuspended: 'This player is already suspended.',
  notSuspended: 'This player is not suspended.',
  selfSuspend: 'You cannot suspend yourself.',
  operatorSuspend: 'Operators cannot be suspended; revoke the role from the command line first.',
} as const;

/** The reason an action needs: trimmed, 1 to 500 characters (422 otherwise). */
export function reasonText(reason: string): string {
  const text = reason.trim();
  if (text.length === 0 || [...text].length > REASON_MAX) throw fail.unprocessable(MODERATION_RULES.reason);
  return text;
}

export interface AuditEntry {
  action: AuditAction;
  target_kind: 'player' | 'territory' | 'alliance' | 'comment' | 'universe' | 'report';
  target_id: string | number;
  target_label: string;
  reason: string;
  details?: Record<string, unknown>;
}

/**
 * Appends one entry to `moderation_audit` in the caller's transaction: the entry exists if and only
 * if the action happened. The table refuses updates and deletes itself (migration 0080).
 */
export async function appendAudit(em: EntityManager, operator: Operator, entry: AuditEntry, now: Date): Promise<void> {
  await em.execute(
    `insert into moderation_audit (at, operator_id, operator_name, action, target_kind, target_id, target_label, reason, details)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [now, operator.id, operator.username, entry.action, entry.target_kind, String(entry.target_id), entry.target_label.slice(0, 200), entry.reason, JSON.stringify(entry.details ?? {})],
  );
}
