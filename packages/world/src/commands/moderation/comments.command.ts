import { fail } from '../../errors';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { appendAudit, MODERATION_RULES, reasonText, type Operator } from './audit';

/** An operator deletes a Hall of Fame comment; its text is kept in the audit entry. */
export async function deleteHallOfFameCommentAsOperator(deps: WorldDeps, operator: Operator, input: { comment_id: number; reason: string }, now: Date): Promise<{ id: number }> {
  const reason = reasonText(input.reason);
  return inTransaction(deps, async (tx) => {
    const rows = await tx.em.execute<{ id: number; entry_id: number; user_id: number; username: string; comment_text: string }[]>(
      `delete from hall_of_fame_comments c using users u where c.id = ? and u.id = c.user_id
       returning c.id, c.entry_id, c.user_id, u.username, c.comment_text`,
      [input.comment_id],
    );
    const comment = rows[0];
    if (!comment) throw fail.notFound(MODERATION_RULES.comment);
    await appendAudit(tx.em, operator, {
      action: 'DELETE_HOF_COMMENT', target_kind: 'comment', target_id: comment.id, target_label: `Comment by ${comment.username}`, reason,
      details: { entry_id: comment.entry_id, user_id: comment.user_id, comment_text: comment.comment_text },
    }, now);
    return { id: comment.id };
  });
}
