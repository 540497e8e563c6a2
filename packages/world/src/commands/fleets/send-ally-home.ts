import type { Movement } from '../../entities/movement.entity';
import { Territory } from '../../entities/territory.entity';
import { publishEvent } from '../../events';
import { notifyMovement, turnHome, type LegsTx } from '../flight/fleet-legs';

/**
 * An allied fleet stationed at `host` (or on its way there) turns home and its owner is told why:
 * the host cancelled the stationing, or the host's account was removed (accounts/account-removal.ts).
 */
export async function sendAllyHome(tx: LegsTx, m: Movement, host: Territory, why: string, now: Date): Promise<void> {
  await turnHome(tx, m, now);
  const ends = { start: m.startTerritoryId != null ? await tx.em.findOne(Territory, { id: m.startTerritoryId }) : null, target: host };
  await notifyMovement(tx, m.userId, {
    type: 'ALLIED_STATIONING_CANCELLED_BY_TARGET',
    title: `Your fleet at ${host.name} was sent home`,
    extra: { reason_failed: why },
    as: { event: 'MOVEMENT_CANCELLED', data: { movement_id: m.id, territory_id: host.id, reason: 'Stationing cancelled by the host' } },
  }, m, ends);
  if (host.owner) await publishEvent(tx.em, host.owner.id, 'MOVEMENT_CANCELLED', { movement_id: m.id, territory_id: host.id });
}
