export { computeScores, refreshPlayerScore, refreshPlayerScores } from './player-scores';
export { recomputeAllScores, type ScoreDisagreement } from './recompute-scores.command';
