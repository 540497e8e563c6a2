export { universeOverview, type UniverseCounts, type UniverseOverview } from './universe.query';
export { searchPlayers, playerDetail, type PlayerRow, type PlayerDetail } from './players.query';
export { sharedAddressAccounts, transportsBetween, type SharedAccount, type TransportView } from './signals.query';
export { fleetsInFlight, type FleetFilter, type FleetRow } from './fleets.query';
export { findBattleReport, type BattleReport } from './battle-report.query';
export { listAudit, AUDIT_ACTIONS, type AuditAction, type AuditView } from './audit.query';
export { listMessageReports, type MessageReportView, type ReportStatus } from './reports.query';
