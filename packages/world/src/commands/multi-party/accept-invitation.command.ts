import { checkFairPlay } from '../fair-play/fair-play-checks';
import { randomUUID } from 'node:crypto';
import { distance, joinTiming, missionFuel, tooLateSentence, travelTime } from '@brood/game-core';
import { Movement } from '../../entities/movement.entity';
import { fail } from '../../errors';
import { lockOwnedTerritory } from '../../kernel/access';
import { lockGroup, lockPlayer } from '../../kernel/locks';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { settleTerritory } from '../../settle';
import { checkFleetSlots, checkStock, checkUnits, DISPATCH, speedOf } from '../flight/dispatch-checks';
import { inFleetTransaction, notifyMovement, scheduleArrival } from '../flight/fleet-legs';
import { coordsOf, coordsText, positive, sameCoords, subtractAmounts, type Coords3 } from '../flight/fleet-parts';
import {
  durationText, flyingMembers, groupNotice, groupTarget, INITIATOR, INVITATION_EXPIRED, lockInvitation, markInvitationRead, moveGroupArrival, PARTICIPANT,
  participantsOf, storeNotices, targetText, usernameOf,
} from './attack-group';
import { warnIncomingAttack } from '../war/attack-reports';
import type { NotificationEntry } from '../notifications';


/** Core spec "Mission dispatch" (join): the invitation, the territory the fleet leaves from, its units. */
export interface AcceptInvitationInput {
  invitation_id: number;
  joining_fleet_territory_id: number;
  units: Record<string, number>;
}

export interface JoinResult {
  id: string;
  start_territory_id: number;
  mission_type: Movement['mission'];
  attack_group_id: string;
  target_coords: Coords3;
  start_time: string;
  arrival_time: string;
  fuel_cost: number;
  /** Whether this fleet pushed the whole group's arrival back. */
  group_arrival_moved: boolean;
}

/** The sentence of a refused late joiner lives in game-core (the Army form says it before the player tries). */
export { tooLateSentence } from '@brood/game-core';

/**
 * POST /movements/invitations/{id}/accept: the join. Locks the player (fleet slots), the invitation,
 * the group's movements (id order) and the joining territory; settles it; checks the units like a
 * dispatch; then the fleet flies to arrive with the group. A fleet that would be late moves every
 * member's arrival (new legs, new jobs) by at most `multi_party_max_delay_share` of the main fleet's
 * remaining flight, else the join is refused. The initiator is told (ACCEPTED), the other members
 * (PLAYER_JOINED), every member when the arrival moved (ARRIVAL_TIME_UPDATED), and the target's owner
 * is warned again (INCOMING_ATTACK_WARNING).
 */
export async function acceptInvitation(deps: WorldDeps, actor: Actor, input: AcceptInvitationInput, now: Date): Promise<JoinResult> {
  const units = positive(input.units);
  return inFleetTransaction(deps, now, async (tx) => {
    const { em, catalogue } = tx;
    await lockPlayer(em, actor);
    const invitation = await lockInvitation(tx, actor, input.invitation_id);
    const members = flyingMembers(await lockGroup(em, invitation.attackGroupId));
    const lead = members.find((m) => m.id === invitation.attackGroupId && m.mission === INITIATOR);
    if (!lead?.arrivalTime || lead.arrivalTime <= now) throw fail.conflict(INVITATION_EXPIRED);
    const max = catalogue.universe.max_participants;
    if (participantsOf(members).length >= max) throw fail.conflict(`This attack is full: ${max} players have joined it already.`);

    const start = await lockOwnedTerritory(em, actor, input.joining_fleet_territory_id);
    const target = await groupTarget(em, lead);
    if (sameCoords(coordsOf(start), target.coords)) throw fail.badRequest(DISPATCH.sameAsStart);
    if (target.territory?.owner?.id === actor.id) throw fail.badRequest('You cannot join an attack on your own territory.');
    const { fleets } = await checkFairPlay(em, catalogue, actor.id, PARTICIPANT, target.territory && { id: target.territory.id, ownerId: target.territory.owner?.id ?? null }, now);
    const effects = (await settleTerritory(em, catalogue, start, now)).economy.effects;
    checkUnits(catalogue, units, start, PARTICIPANT);
    checkFleetSlots(fleets, effects);

    const oneWaySeconds = travelTime(distance(coordsOf(start), target.coords), speedOf(catalogue, units, effects), catalogue.universe.universe_speed_factor);
    const share = catalogue.universe.multi_party_max_delay_share;
    const timing = joinTiming(lead.arrivalTime.getTime(), now.getTime(), oneWaySeconds, share);
    if (!timing.ok) throw fail.badRequest(tooLateSentence(timing.lateMs, timing.allowedMs, lead.arrivalTime.getTime() - now.getTime(), share));
    const fuel = missionFuel(units, catalogue, PARTICIPANT, oneWaySeconds);
    checkStock(catalogue, start, {}, fuel);
    start.units = subtractAmounts(start.units, units);
    start.resources = subtractAmounts(start.resources, { biomass: fuel });

    const arrival = new Date(timing.arrivalMs);
    const joiner = em.create(Movement, {
      id: randomUUID(),
      userId: actor.id,
      mission: PARTICIPANT,
      originalMission: null,
      startTerritoryId: start.id,
      startRegion: start.region,
      startSubRegion: start.subRegion,
      startPosition: start.position,
      targetTerritoryId: target.territory?.id ?? null,
      targetRegion: target.coords[0],
      targetSubRegion: target.coords[1],
      targetPosition: target.coords[2],
      targetOwnerId: target.territory?.owner?.id ?? null,
      units,
      resources: {},
      fuelPaid: fuel,
      oneWaySeconds,
      explorationDurationHours: null,
      attackGroupId: lead.attackGroupId,
      startTime: now,
      arrivalTime: arrival,
      leg: 0,
      createdAt: now,
    });
    invitation.status = 'ACCEPTED';
    invitation.movementId = joiner.id;
    invitation.respondedAt = now;
    await em.flush();
    await scheduleArrival(tx, joiner);
    const moved = timing.delayMs > 0;
    if (moved) await moveGroupArrival(tx, members, arrival);
    await markInvitationRead(em, actor.id, invitation.id);

    const name = await usernameOf(em, actor.id);
    const leadName = await usernameOf(em, lead.userId);
    await notifyMovement(tx, actor.id, {
      type: 'FLEET_LAUNCHED',
      title: `Fleet joined ${leadName}'s attack on ${coordsText(target.coords)}`,
      extra: { details: `It arrives with the group at ${arrival.toISOString()}. Fuel burnt: ${fuel} Biomass.` },
      as: { event: 'MOVEMENT_STARTED', data: { movement_id: joiner.id, territory_id: start.id } },
    }, joiner, { start, target: target.territory });
    const later = moved ? ` The group now arrives ${durationText(timing.delayMs)} later.` : '';
    const notes: NotificationEntry[] = members.map((m) =>
      m === lead
        ? groupNotice(m.userId, 'MULTI_PARTY_ATTACK_INVITATION_ACCEPTED', `${name} joined your attack on ${target.name}`, `${name} accepted your invitation and joins the attack on ${targetText(target)}.${later}`, target, arrival, lead.id, { attacker_username: name })
        : groupNotice(m.userId, 'MULTI_PARTY_ATTACK_PLAYER_JOINED', `${name} joined the attack on ${target.name}`, `${name} joins ${leadName}'s attack on ${targetText(target)}.${later}`, target, arrival, lead.id, { attacker_username: name }),
    );
    if (moved) {
      for (const m of members) {
        notes.push(groupNotice(m.userId, 'MULTI_PARTY_ATTACK_ARRIVAL_TIME_UPDATED', `The attack on ${target.name} arrives later`, `${name}'s fleet joined and moved the group's arrival back by ${durationText(timing.delayMs)}.`, target, arrival, lead.id));
      }
    }
    await storeNotices(tx, notes, now);

    const owner = target.territory?.owner?.id;
    if (owner != null) {
      const attackers = [...new Set([leadName, ...(await Promise.all(participantsOf(members).map((m) => usernameOf(em, m.userId)))), name])];
      await warnIncomingAttack(tx, {
        ownerId: owner,
        attackers,
        coords: target.coords,
        territoryName: target.name,
        territoryId: target.territory!.id,
        arrival,
        movementId: lead.id,
        message: moved
          ? `${name} joined the attack on ${targetText(target)}: ${attackers.length} players now arrive ${durationText(timing.delayMs)} later.`
          : `${name} joined the attack on ${targetText(target)}: ${attackers.length} players arrive together.`,
      }, now, joiner.id);
    }
    return {
      id: joiner.id,
      start_territory_id: start.id,
      mission_type: joiner.mission,
      attack_group_id: lead.id,
      target_coords: target.coords,
      start_time: now.toISOString(),
      arrival_time: arrival.toISOString(),
      fuel_cost: fuel,
      group_arrival_moved: moved,
    };
  });
}
