export { AllianceTab } from './alliance-tab';
export { useAllianceDetail, useMembership } from './alliance-queries';
