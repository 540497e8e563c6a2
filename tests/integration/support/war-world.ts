import { expect } from 'vitest';
import { applyArrival, battleIds, listNotifications, replayBattle, sendFleet, type MessageType, type SendFleetInput } from '@brood/world';
import type { CombatReport } from '@brood/game-core';
import { T0, type Coords, type FleetWorld, type Player } from './fleet-world';

/** Helpers of the war tests: send, arrive, read reports and the stored battles. */

export interface MovementRow {
  id: string;
  user_id: number;
  mission: string;
  leg: number;
  arrival_time: Date | null;
  units: Record<string, number>;
  resources: Record<string, number>;
}

export const warHelpers = (w: FleetWorld) => {
  const send = (p: Player, target: Coords, input: Partial<SendFleetInput>, when = T0) =>
    sendFleet(w.deps(), p.actor, {
      start_territory_id: p.territory,
      target_region: target[0],
      target_sub_region: target[1],
      target_position: target[2],
      mission: input.mission ?? 'ATTACK',
      units: input.units ?? {},
      resources: input.resources,
    }, when);
  const movement = async (id: string): Promise<MovementRow | undefined> => (await w.sql<MovementRow>('select * from movements where id = ?', [id]))[0];
  const arrive = async (id: string) => {
    const m = (await movement(id))!;
    return applyArrival(w.deps(), { id, leg: m.leg }, new Date(m.arrival_time!));
  };
  /** A player's notifications as the api serves them (battle reports expanded from their battle), oldest first. */
  const notes = async (userId: number, type?: MessageType) => {
    const served = await listNotifications(w.db.orm.em.fork(), { id: userId }, { include_read: true, limit: 100, skip: 0, message_types: type ? [type] : undefined });
    return served
      .map((n) => ({ id: n.id, message_type: n.message_type, title: n.title, content: n.content as Record<string, unknown>, related_object_id: n.related_object_id!, created_at: n.created_at }))
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.message_type.localeCompare(b.message_type));
  };
  const battle = async (id: number) => {
    const rows = await w.sql<{ report: string; input: string; seed: string; engine_version: number }>('select report::text as report, input::text as input, seed, engine_version from battles where id = ?', [id]);
    return { ...rows[0]!, parsed: JSON.parse(rows[0]!.report) as CombatReport };
  };
  const wreckageAt = async (c: Coords) =>
    (await w.sql<{ id: number; resources: Record<string, number> }>('select id, resources from wreckage_fields where region = ? and sub_region = ? and position = ?', c))[0];
  /** Every battle this world stored re-runs to the same report text. */
  const expectEveryBattleReplays = async () => {
    const ids = await battleIds(w.db.orm.em.fork());
    for (const id of ids) {
      const replay = await replayBattle(w.db.orm.em.fork(), id);
      expect(replay.replayed_report).toBe(replay.stored_report);
    }
    return ids.length;
  };
  return { send, movement, arrive, notes, battle, wreckageAt, expectEveryBattleReplays };
};
