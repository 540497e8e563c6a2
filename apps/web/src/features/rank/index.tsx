export { RankTab } from './rank-tab';
export { useOverallRank } from './rank-queries';
