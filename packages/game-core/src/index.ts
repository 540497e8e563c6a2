/**
 * @brood/game-core: every rule of the game as a pure function. No clock, no I/O, no Math.random:
 * times are passed in (epoch milliseconds for instants, seconds for durations), chance comes from
 * a seeded Rng (createRng).
 */
export type { Levels, Counts, Resources, Effects, Coords } from './types';
export { toCoordsTuple } from './types';

export { addResources, subtractResources, scaleResources, floorResources, totalResources, cancelRefund } from './economy/resources';
export { costAtLevel, cumulativeCost, batchCost } from './economy/cost';
export { speedModifier, structureTime, researchTime, researchSpeedModifier, unitTime } from './economy/time';
export { aggregateEffects, effectContributions, effectsOf, baseEffects, percentMultiplier } from './economy/effects';
export type { EffectContribution } from './economy/effects';
export { productionPerHour, storageCapacity, biomassUpkeepPerHour, territoryEconomy } from './economy/production';
export type { TerritoryEconomy } from './economy/production';
export { settle, isStarving } from './economy/settle';
export { advanceTerritory, technologiesAt, deliveredBy } from './economy/advance';
export type { TerritoryState, SettledTerritory, TerritoryQueueItem, ResearchChange } from './economy/advance';
export { effectiveLevel, nextLevel, maxLevel, isMaxLevel } from './economy/levels';
export { checkPrerequisites } from './economy/prerequisites';
export type { PrerequisiteCheck, UnmetPrerequisite } from './economy/prerequisites';
export { canAfford, maxProducible, defenseAllowance } from './economy/afford';
export { explainAffordability, storageStructuresFor } from './explain/affordability';
export type { AffordabilityExplanation, StorageShortfall } from './explain/affordability';
export { missionAvailability, menuMissions, unitsNeededReason } from './explain/mission-availability';
export type { MissionAvailability, MissionTarget, TargetOccupant } from './explain/mission-availability';
export { effectSources, researchChain, alliedSlotNeeds } from './explain/effect-sources';
export type { EffectSource } from './explain/effect-sources';
export { nextLevelGains } from './explain/level-gain';
export type { LevelGain, GainInput } from './explain/level-gain';

export { distance, fleetSpeed, travelTime, unitFuelPerHour, fuelCost, tripHours, missionFuel } from './fleet/travel';
export {
  MISSION_TABLE, MISSIONS, MOVEMENT_MISSIONS, DISPATCHABLE_MISSIONS, MENU_MISSIONS, missionSpec, isMovementMission, isDispatchable, missionLabel, missionWithArticle,
  isEligibleForMission, canFlyOnMission, unitFitness, fleetFitness, type UnitUnfit, type FleetFitness, missionCarriesResources, isOneWay,
  type MissionSpec, type Mission, type MovementMission, type Dispatchable, type ArrivingMission, type MenuMission,
} from './fleet/mission-table';
export { legArrival, recallReturnArrival, isRecallable } from './fleet/legs';
export { cargoCapacity, clampResourcesToCargo } from './fleet/missions';
export { GROUP_MISSIONS, groupDelayText, isGroupMission, joinTiming, openSeats, tooLateSentence, type JoinTiming } from './fleet/multi-party';

export { scorePoints, scoreBreakdown } from './scores/scores';
export type { ScoreBreakdown } from './scores/scores';
export { allianceRefusal, allianceSlotsMax } from './alliances/powers';
export { stripLinks, LINK_REPLACEMENT } from './text/links';
export type { AlliancePower, AllianceRank, AllianceActor, AllianceRefusal } from './alliances/powers';

export { createRng, hashString, hashUniform, pickWeighted, roundRandomly } from './rng';
export type { Rng } from './rng';

export { resolveBattle, roundLabel } from './combat/battle';
export { COMBAT_ENGINE_VERSION } from './combat/version';
export { battleOdds, runSeed, salvageUnitsNeeded } from './combat/odds';
export type { BattleOdds, SideOdds, Spread } from './combat/odds';
export { PARTICIPANT_COMBAT_EFFECTS, TARGET_COMBAT_EFFECTS } from './combat/types';
export type {
  BattleInput, BattleParticipantInput, BattleRole, BattleOutcome, CombatReport, ParticipantResult,
  RoundDetail, RoundParticipantResult, UnitLoss,
} from './combat/types';

export { spyDetailLevel, spyDetectionChance, spyOutcome, spyReportContent, spyDetectedContent, approxLevel } from './intel/spy';
export type { SpyOutcome, SpyTarget, SpyQueueEntry, SpyStationedFleet, SpyReportContent } from './intel/spy';
export { explorationOutcome, explorationStaySeconds, INTEL_ENGINE_VERSION } from './intel/exploration';
export type { ExplorationInput, ExplorationOutcome, ExplorationEventType } from './intel/exploration';
export { salvageOutcome, takeUpTo, SALVAGE_NOTIFICATION } from './intel/salvage';
export type { SalvageInput, SalvageOutcome, SalvageStatus } from './intel/salvage';

export { simulateNewPlayer } from './sim/new-player';
export type { NewPlayerRun, SimStart, SimPossible, SimWait } from './sim/new-player';
export { candidates } from './sim/candidates';
export type { Candidate, SimKind, SimQueue } from './sim/candidates';
export { newPlayerReport, milestoneTimes, longestWait, checkBounds, MILESTONE_LABELS } from './sim/timeline';
export type { NewPlayerReport, MilestoneTime, BoundCheck } from './sim/timeline';
export { formatNewPlayer, renderNewPlayerHtml } from './sim/report';

export { simulateLongGame } from './long/sim';
export type { LongRun, LongStart, DaySample } from './long/sim';
export { greedy, goalDirected } from './long/planners';
export type { Planner, PlannerName } from './long/planners';
export { combatMatrix, combatUnits, valueOf, attackerTrade, defenderTrade } from './long/matrix';
export type { CombatMatrix, Fight } from './long/matrix';
export { tierTimes, gaps, perDay, runProblems, combatProblems, staticProblems, attackerBeats, defenderBeats } from './long/bounds';
export { longGameReport, formatLongGame } from './long/report';
export type { LongGameReport } from './long/report';
export { renderLongGameHtml } from './long/html';
export {
  protection, activity, isInactive, playerMarkers, canAttack, canSpy, isHostile, bashLimitReached, vacationEarliestEnd, productionTime, MARKER_LEGEND, MARKERS,
  type FairPlaySettings, type ProtectionTier, type PlayerMarker, type FairPlayPlayer, type FairPlayVerdict,
} from './fair-play/fair-play';
