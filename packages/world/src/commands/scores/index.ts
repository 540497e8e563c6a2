export { computeScores, refreshPlayerScore, refreshPlayerScores } from './player-scores';
export { fleetScoresChanged, refreshDeferredScores, type DeferredScores } from './fleet-scores';
export { compactScoreRanks, recomputeAllScores, type ScoreDisagreement } from './recompute-scores.command';
