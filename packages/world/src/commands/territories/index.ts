/** The economy's public surface: territories, the four queues, settling, completion and stats. */
export { type EconomyDeps, type Actor, inTransaction } from './economy-deps';
export { QUEUE_ITEM_DUE_JOB, type QueueItemDueJob } from './economy-events';
export { createStartingTerritory, densestWithRoom, STARTING_TERRITORY_NAME } from './create-starting-territory.command';
export { renameTerritory, territoryNameRule } from './rename-territory.command';
export { findOwnedTerritory, lockOwnedTerritory, lockPlayer, ownedTerritories, TERRITORY_NOT_FOUND, NOT_YOUR_TERRITORY } from './territory-access';
export { toTerritoryView, type TerritoryView } from './territory-view';
export { QUEUE_FULL, NOT_ENOUGH_RESOURCES, type CancelResult } from './queue';
export { startConstruction, structureDef, type StartConstructionInput } from '../construction/start-construction.command';
export { cancelConstruction, QUEUE_ITEM_NOT_FOUND } from '../construction/cancel-construction.command';
export { completeQueueItem, dueQueueItemIds, type CompletionOutcome } from '../construction/complete-queue-item.command';
export { startResearch, SELECT_TERRITORY_TO_PAY, type StartResearchInput } from '../research/start-research.command';
export { cancelResearch } from '../research/cancel-research.command';
export {
  startRecruitment, cancelRecruitment, startDefense, cancelDefense, listRecruitmentQueue, listDefenseQueue,
  startBatchOf, cancelBatchOf, listBatchQueue, BATCH_QUEUES,
} from '../recruitment/batch-queue.commands';
export type { BatchQueueKind, BatchItemView, StartBatchRequest, CancelBatchRequest } from '../recruitment/batch-queue.commands';
export { DEFENSE_MAXED } from '../recruitment/start-batch';
export { listTerritories, getTerritory, listTerritoryUnits, listTerritoryDefenses, listTechnologies, technologyLevels } from '../../queries/economy-territories.query';
export { listBuildQueue, listResearchQueue } from '../../queries/economy-queues.query';
export type {
  BuildQueueItemView,
  ResearchQueueItemView,
  RecruitmentQueueItemView,
  DefenseQueueItemView,
} from '../../queries/economy-queue-views';
export { settleTerritory, settledViews, advanceTerritory, technologiesAt, type SettledTerritory, type TerritoryState } from '../../settle';
export { statsOverview, type StatsOverview, type ModifiedStats } from '../../queries/economy-stats.query';
