import { randomUUID } from 'node:crypto';
import type { SendMovement } from '@brood/contracts';
import {
  distance, explorationStaySeconds, legArrival, missionFuel, missionLabel, MISSION_TABLE, travelTime, type Dispatchable, type Mission,
} from '@brood/game-core';
import { Movement } from '../../entities/movement.entity';
import { Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import { lockOwnedTerritory } from '../../kernel/access';
import { lockPlayer } from '../../kernel/locks';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { alliedFleetCounts } from '../../queries/movement-counts.query';
import { settledViews, settleTerritory } from '../../settle';
import { noAlliedSlot, sameAlliance } from './alliance';
import {
  checkCargo, checkFleetSlots, checkCoordinates, checkExploration, checkMission, checkStock, checkUnits, DISPATCH, speedOf,
} from '../flight/dispatch-checks';
import { coordsOf, coordsText, positive, sameCoords, subtractAmounts, type Coords3 } from '../flight/fleet-parts';
import { checkFairPlay } from '../fair-play/fair-play-checks';
import { inFleetTransaction, notifyMovement, scheduleArrival } from '../flight/fleet-legs';
import { warnAtLaunch } from '../war/attack-reports';

/** POST /movements: the dispatch input of contracts (core spec 3 "Movement (send payload)"), units given. */
export type SendFleetInput = SendMovement<Mission> & { units: Record<string, number> };

/** The answer: the movement's id and start (spec), with what the player's toast shows. */
export interface SendFleetResult {
  id: string;
  start_territory_id: number;
  mission_type: Movement['mission'];
  target_coords: Coords3;
  start_time: string;
  arrival_time: string;
  fuel_cost: number;
}

/** The target game-core's table says the mission needs, refused here when the table checks it at dispatch. */
function checkTarget(actor: Actor, mission: Dispatchable, coords: Coords3, target: Territory | null): void {
  const { target: needs, targetChecked } = MISSION_TABLE[mission];
  if (targetChecked !== 'dispatch') return;
  const owner = target?.owner?.id ?? null;
  const verb = mission === 'TRANSPORT' ? 'deliver to' : mission === 'STATION' ? 'station at' : missionLabel(mission).toLowerCase();
  if ((needs === 'territory' || needs === 'enemy') && (!target || owner == null)) throw fail.badRequest(`There is no territory at ${coordsText(coords)} to ${verb}.`);
  if (needs === 'enemy' && owner === actor.id) throw fail.badRequest(`${target!.name} is your own territory: you cannot ${verb} it.`);
  if (needs === 'free' && target) throw fail.badRequest(`The position ${coordsText(coords)} is already taken by ${target.name}.`);
}

/** Where the fleet flies and what its arrival will find, checked per mission at dispatch. */
async function resolveTarget(tx: WorldDeps, actor: Actor, mission: Dispatchable, coords: Coords3, now: Date): Promise<{ target: Territory | null; mission: Mission }> {
  const target = await tx.em.findOne(Territory, { region: coords[0], subRegion: coords[1], position: coords[2] });
  const owner = target?.owner?.id ?? null;
  checkTarget(actor, mission, coords, target);
  if (mission !== 'STATION' || owner === actor.id) return { target, mission };
  if (!(await sameAlliance(tx.em, actor.id, owner!))) throw fail.badRequest(DISPATCH.stationNeedsAlly);
  const host = (await settledViews(tx.em, tx.catalogue, [target!], now)).get(target!.id)!;
  const max = Math.floor(host.economy.effects.allied_fleet_slots ?? 0);
  const used = (await alliedFleetCounts(tx.em, [target!.id], true)).get(target!.id) ?? 0;
  if (used >= max) throw fail.badRequest(noAlliedSlot(tx.catalogue, target!.name, used, max));
  return { target, mission: 'ALLIED_STATIONING_PENDING' };
}

/**
 * Sends a fleet: locks the player (fleet slots) and the start territory, settles it, checks every
 * rule, then takes the units, the cargo and the fuel (biomass, for the whole trip) from the start,
 * stores the movement and schedules its arrival, all in one transaction. Tells the owner
 * (FLEET_LAUNCHED, riding on MOVEMENT_STARTED) and the target's owner (MOVEMENT_STARTED).
 */
export async function sendFleet(deps: WorldDeps, actor: Actor, input: SendFleetInput, now: Date): Promise<SendFleetResult> {
  const coords: Coords3 = [input.target_region, input.target_sub_region, input.target_position];
  const sent = checkMission(input.mission);
  checkCoordinates(deps.catalogue, coords);
  const units = positive(input.units);
  const resources = positive(input.resources ?? {});
  return inFleetTransaction(deps, now, async (tx) => {
    const { catalogue } = tx;
    await lockPlayer(tx.em, actor);
    const start = await lockOwnedTerritory(tx.em, actor, input.start_territory_id);
    if (sameCoords(coordsOf(start), coords)) throw fail.badRequest(DISPATCH.sameAsStart);
    const effects = (await settleTerritory(tx.em, catalogue, start, now)).economy.effects;
    checkUnits(catalogue, units, start, input.mission);
    checkCargo(catalogue, units, resources, input.mission, effects);
    const hours = checkExploration(input.mission, input.exploration_duration_hours, effects, catalogue);
    const { target, mission } = await resolveTarget(tx, actor, sent, coords, now);
    const { sender, fleets } = await checkFairPlay(tx.em, catalogue, actor.id, sent, target && { id: target.id, ownerId: target.owner?.id ?? null }, now);
    checkFleetSlots(fleets, effects);

    const oneWaySeconds = travelTime(distance(coordsOf(start), coords), speedOf(catalogue, units, effects), catalogue.universe.universe_speed_factor);
    // An exploration also burns fuel for its stay at the target (as long as the universe's speed makes it).
    const stayHours = hours == null ? 0 : explorationStaySeconds(hours, catalogue.universe.universe_speed_factor) / 3600;
    const fuel = missionFuel(units, catalogue, input.mission, oneWaySeconds, stayHours);
    checkStock(catalogue, start, resources, fuel);
    start.units = subtractAmounts(start.units, units);
    start.resources = subtractAmounts(start.resources, { ...resources, biomass: (resources.biomass ?? 0) + fuel });

    // A multi-party attack sent as such leads its own group from the start (invitations follow).
    const id = randomUUID();
    const movement = tx.em.create(Movement, {
      id,
      attackGroupId: mission === 'MULTI_PARTY_ATTACK_INITIATOR' ? id : null,
      userId: actor.id,
      mission,
      originalMission: null,
      startTerritoryId: start.id,
      startRegion: start.region,
      startSubRegion: start.subRegion,
      startPosition: start.position,
      targetTerritoryId: target?.id ?? null,
      targetRegion: coords[0],
      targetSubRegion: coords[1],
      targetPosition: coords[2],
      targetOwnerId: target?.owner?.id ?? null,
      units,
      resources,
      fuelPaid: fuel,
      oneWaySeconds,
      explorationDurationHours: hours,
      startTime: now,
      arrivalTime: new Date(legArrival(now.getTime(), oneWaySeconds)),
      leg: 0,
      createdAt: now,
    });
    await tx.em.flush();
    await scheduleArrival(tx, movement);
    await notifyMovement(tx, actor.id, {
      type: 'FLEET_LAUNCHED',
      title: `${missionLabel(mission)} fleet launched to ${coordsText(coords)}`,
      extra: { details: `Fuel burnt: ${fuel} Biomass.` },
      as: { event: 'MOVEMENT_STARTED', data: { movement_id: movement.id, territory_id: start.id } },
    }, movement, { start, target });
    const targetOwner = target?.owner?.id;
    if ((mission === 'ATTACK' || mission === 'MULTI_PARTY_ATTACK_INITIATOR') && target) warnAtLaunch(tx, movement, target, sender.name);
    // The target's owner's movements list changes: announced with the outbox's notifications (one statement).
    else if (targetOwner != null && targetOwner !== actor.id) (tx.later.events ??= []).push({ user_id: targetOwner, event: 'MOVEMENT_STARTED', data: { movement_id: movement.id, territory_id: target!.id } });
    return {
      id: movement.id,
      start_territory_id: start.id,
      mission_type: mission,
      target_coords: coords,
      start_time: now.toISOString(),
      arrival_time: movement.arrivalTime!.toISOString(),
      fuel_cost: fuel,
    };
  });
}
