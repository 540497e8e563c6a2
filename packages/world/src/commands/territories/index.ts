/** The economy's public surface: territories, the four queues, settling, completion and stats. */
export { createStartingTerritory, foundTerritory, densestWithRoom, STARTING_TERRITORY_NAME } from './found-territory';
export { renameTerritory, territoryNameRule } from './rename-territory.command';
export { toTerritoryView, type TerritoryView } from '../../queries/territory-view';
export { QUEUE_FULL, NOT_ENOUGH_RESOURCES } from '../queues/enqueue';
export { cancelConstruction, cancelResearch, QUEUE_ITEM_NOT_FOUND, type CancelResult } from '../queues/cancel-queue-item.command';
export { completeQueueItem, completeQueueItems, type CompletionOutcome } from '../queues/complete-queue-item.command';
export { dueQueueItemIds, nextCompletionIn } from '../../queries/due-work.query';
export { startConstruction, structureDef, type StartConstructionInput } from '../construction/start-construction.command';
export { startResearch, SELECT_TERRITORY_TO_PAY, type StartResearchInput } from '../research/start-research.command';
export { startRecruitment, cancelRecruitment, startDefense, cancelDefense, startBatchOf, cancelBatchOf } from '../recruitment/batch-queue.command';
export type { StartBatchRequest, CancelBatchRequest } from '../recruitment/batch-queue.command';
export { BATCH_QUEUES, type BatchQueueKind, type BatchItemView } from '../../queries/economy-queue-views';
export { DEFENSE_MAXED } from '../recruitment/start-batch';
export { listTerritories, getTerritory, listTerritoryUnits, listTerritoryDefenses, listTechnologies, technologyLevels } from '../../queries/economy-territories.query';
export { listBuildQueue, listResearchQueue, listBatchQueue } from '../../queries/economy-queues.query';
export type {
  BuildQueueItemView,
  ResearchQueueItemView,
  RecruitmentQueueItemView,
  DefenseQueueItemView,
} from '../../queries/economy-queue-views';
export { settleTerritory, settleTerritories, settledViews, advanceTerritory, technologiesAt, type SettledTerritory, type TerritoryState } from '../../settle';
export { statsOverview, type StatsOverview, type ModifiedStats } from '../../queries/economy-stats.query';
