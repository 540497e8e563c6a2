export { COMMAND_LINE, MODERATION_RULES, REASON_MAX, appendAudit, reasonText, type AuditEntry, type Operator } from './audit';
export { setOperatorRole } from './operators.command';
export { suspendPlayer, unsuspendPlayer } from './suspend.command';
export { renameTerritoryAsOperator, renameAllianceAsOperator } from './rename.command';
export { deleteHallOfFameCommentAsOperator } from './comments.command';
export { announceToEveryone, ANNOUNCEMENT_RULES } from './announce.command';
export { resolveMessageReport, REPORT_RULES } from './reports.command';
