export { computeScores, refreshPlayerScore, refreshPlayerScores } from './player-scores';
export { compactScoreRanks, recomputeAllScores, type ScoreDisagreement } from './recompute-scores.command';
