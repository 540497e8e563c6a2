export { computeScores, refreshPlayerScore } from './player-scores';
export { recomputeAllScores, type ScoreDisagreement } from './recompute-scores.command';
