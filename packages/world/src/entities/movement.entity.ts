import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/postgresql';
import { MOVEMENT_MISSIONS, type MovementMission } from '@brood/game-core';
import type { AmountMap } from './territory.entity';

export { MOVEMENT_MISSIONS, type MovementMission } from '@brood/game-core';

/**
 * A fleet away from home (migration 0040). Start and target coordinates are kept on the row: a
 * colonising fleet has no target territory, and a territory may change hands while a fleet flies.
 * A returning fleet keeps its start and target; mission RETURN and original_mission tell the leg.
 */
export const MovementSchema = defineEntity({
  name: 'Movement',
  tableName: 'movements',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.integer(),
    mission: p.enum(MOVEMENT_MISSIONS).$type<MovementMission>(),
    /** The mission a returning fleet flew (null on the outbound leg). */
    originalMission: p.enum(MOVEMENT_MISSIONS).$type<MovementMission>().nullable(),
    startTerritoryId: p.integer().nullable(),
    startRegion: p.integer(),
    startSubRegion: p.integer(),
    startPosition: p.integer(),
    targetTerritoryId: p.integer().nullable(),
    targetRegion: p.integer(),
    targetSubRegion: p.integer(),
    targetPosition: p.integer(),
    /** Owner of the target territory at dispatch (null for an empty position). */
    targetOwnerId: p.integer().nullable(),
    units: p.json<AmountMap>(),
    resources: p.json<AmountMap>(),
    fuelPaid: p.integer(),
    /** Seconds of one leg between start and target at the fleet's speed. */
    oneWaySeconds: p.integer(),
    explorationDurationHours: p.double().nullable(),
    /** The multi-party attack this fleet belongs to (the initiator's movement id; migration 0041). */
    attackGroupId: p.uuid().nullable(),
    startTime: p.datetime(),
    /** Null while stationed at an ally. */
    arrivalTime: p.datetime().nullable(),
    /** An exploring fleet's arrival at its target: it stays there until arrival_time (migration 0075). */
    exploringSince: p.datetime().nullable(),
    /** Which scheduled arrival is current; the arrival job carries it. */
    leg: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Movement extends MovementSchema.class {}
MovementSchema.setClass(Movement);
