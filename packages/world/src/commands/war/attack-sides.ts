import type { EntityManager } from '@mikro-orm/postgresql';
import type { BattleInput, BattleParticipantInput, Effects } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { Movement } from '../../entities/movement.entity';
import { ATTACK_MISSIONS, lockFightingRows } from '../../kernel/locks';
import { Territory } from '../../entities/territory.entity';
import type { TerritoryRow } from '../../kernel/access';
import { User } from '../../entities/user.entity';
import { advanceLoaded, settledViews } from '../../settle';
import type { LoadedTerritories } from '../flight/arrival-context';
import { startCoords } from '../flight/fleet-parts';

const byId = (a: Movement, b: Movement) => (a.id < b.id ? -1 : 1);

/**
 * The fleets that fight at an attack's arrival, row-locked in one statement in id order: the
 * attacking side (the movement alone, or every movement of its group on an attack mission due at the
 * same instant at the same target) and the allied fleets stationed at the target (they defend with
 * the owner). lockArriving has locked them with the arriving movement; this read (after the
 * territories' locks) also takes a member that joined, or an ally that stationed, since.
 */
export async function fightingFleets(em: EntityManager, m: Movement, target: TerritoryRow | null): Promise<{ group: Movement[]; allies: Movement[] }> {
  const rows = await lockFightingRows(em, m, target?.id ?? null);
  // A row on an attack mission matched the group's condition; the others are the stationed allies.
  const members = rows.filter((r) => ATTACK_MISSIONS.includes(r.mission));
  // The batch stores its changed movements at its end: a fleet an earlier arrival of it stationed here
  // is so in memory only (locked by lockArriving). One it destroyed was deleted before the read (a
  // removal makes MikroORM flush before it queries movements).
  const stationedHere = (r: object): r is Movement => r instanceof Movement && r.mission === 'ALLIED_STATIONED' && target != null && r.targetTerritoryId === target.id;
  const allies = new Set([...rows, ...em.getUnitOfWork().getIdentityMap()].filter(stationedHere));
  return {
    group: members.includes(m) ? members : [m, ...members].sort(byId),
    allies: [...allies].sort(byId),
  };
}

/** One participant's fleet: the movement and where it came from. */
export interface FleetSide {
  movement: Movement;
  username: string;
  origin: TerritoryRow | null;
  effects: Effects;
}

/** The fleets' sides, and the names of their owners and of `others` (the defender). */
export interface DescribedFleets {
  sides: FleetSide[];
  nameOf: ReadonlyMap<number, string>;
}

/**
 * Names, home territories and effect totals (research, structures: unit_attack_pct and the rest) of
 * every fleet's owner, read at the battle instant from each fleet's home territory (no lock: the
 * battle changes none of them). Homes the batch has locked and loaded are advanced to `at` in memory;
 * the others are read. Names the batch has are used; one read for the others (fleets' owners and `others`).
 */
export async function describeFleets(em: EntityManager, catalogue: Catalogue, fleets: readonly Movement[], at: Date, loaded: LoadedTerritories, others: readonly number[] = []): Promise<DescribedFleets> {
  const homeIds = [...new Set(fleets.map((f) => f.startTerritoryId).filter((id): id is number => id != null))];
  const inBatch = homeIds.map((id) => loaded.territories.get(id)).filter((t): t is TerritoryRow => t != null);
  const missing = homeIds.filter((id) => !loaded.territories.has(id));
  const read = missing.length ? await em.find(Territory, { id: { $in: missing } }) : [];
  const views = new Map([...advanceLoaded(catalogue, loaded.inputs, inBatch, () => at), ...(await settledViews(em, catalogue, read, at))]);
  const people = [...new Set([...fleets.map((f) => f.userId), ...others])];
  const nameOf = new Map(people.filter((id) => loaded.names?.has(id)).map((id) => [id, loaded.names!.get(id)!]));
  const unnamed = people.filter((id) => !nameOf.has(id));
  if (unnamed.length) for (const u of await em.find(User, { id: { $in: unnamed } }, { fields: ['username'] })) nameOf.set(u.id, u.username);
  const homeOf = new Map([...inBatch, ...read].map((h) => [h.id, h]));
  const sides = fleets.map((movement) => {
    const origin = movement.startTerritoryId != null ? (homeOf.get(movement.startTerritoryId) ?? null) : null;
    // A home that changed hands no longer carries its old owner's research.
    const own = origin && origin.owner?.id === movement.userId ? views.get(origin.id) : undefined;
    return { movement, username: nameOf.get(movement.userId) ?? 'Another player', origin: own ? origin : null, effects: own?.economy.effects ?? {} };
  });
  return { sides, nameOf };
}

const fleetParticipant = (role: 'ATTACKER' | 'DEFENDER', side: FleetSide): BattleParticipantInput => ({
  role,
  user_id: side.movement.userId,
  username: side.username,
  ...(role === 'DEFENDER' ? { is_stationed_ally: true } : {}),
  origin_coords: startCoords(side.movement),
  origin_territory_name: side.origin?.name ?? null,
  units: { ...side.movement.units },
  effects: side.effects,
  carried_resources: { ...side.movement.resources },
});

/**
 * The battle's input: the attackers (in id order), then the territory's owner with its units and
 * defenses, then the stationed allies (in id order). Participant i of the report is entry i here.
 */
export function battleInput(
  catalogue: Catalogue,
  attackers: readonly FleetSide[],
  target: TerritoryRow,
  owner: { id: number; username: string; effects: Effects },
  allies: readonly FleetSide[],
): BattleInput {
  return {
    catalogue,
    participants: [
      ...attackers.map((a) => fleetParticipant('ATTACKER', a)),
      {
        role: 'DEFENDER',
        user_id: owner.id,
        username: owner.username,
        origin_coords: [target.region, target.subRegion, target.position],
        origin_territory_name: target.name,
        units: { ...target.units },
        defenses: { ...target.defenses },
        effects: owner.effects,
      },
      ...allies.map((a) => fleetParticipant('DEFENDER', a)),
    ],
    target: {
      coords: [target.region, target.subRegion, target.position],
      territory_name: target.name,
      stock: { ...target.resources },
      effects: owner.effects,
    },
  };
}
