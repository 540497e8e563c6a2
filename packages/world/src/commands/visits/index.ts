export { recordVisit, dismissAwaySummary, AWAY_AFTER_MS } from './visit.command';
