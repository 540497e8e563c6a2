export { UniversePanel } from './universe-panel';
export { PlayersPanel } from './players-panel';
export { FleetsPanel } from './fleets-panel';
export { AuditPanel } from './audit-panel';
export { ReportsPanel } from './reports-panel';
export { CommentDelete } from './comment-delete';
export { useIsOperator } from './admin-queries';
