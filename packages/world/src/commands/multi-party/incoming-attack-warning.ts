import type { EntityManager } from '@mikro-orm/postgresql';
import { addNotification } from '../notifications';
import { coordsText, type Coords3 } from '../fleets/fleet-parts';

/** What the owner of an attacked territory is told: who comes, where, and when. */
export interface IncomingAttack {
  /** The territory's owner now. */
  ownerId: number;
  /** Every attacking player, in the order they joined. */
  attackers: readonly string[];
  coords: Coords3;
  territoryName: string;
  arrival: Date;
  /** The movement (for a group: the initiator's) the warning is about. */
  movementId: string;
  message: string;
}

/**
 * INCOMING_ATTACK_WARNING to the owner of the target (social spec 3). The attack issue warns at
 * launch; a multi-party group warns again through here whenever a fleet joins or its arrival moves.
 */
export async function warnIncomingAttack(em: EntityManager, warning: IncomingAttack, now: Date): Promise<void> {
  await addNotification(
    em,
    warning.ownerId,
    {
      message_type: 'INCOMING_ATTACK_WARNING',
      title: `Incoming attack on ${warning.territoryName} (${coordsText(warning.coords)})`,
      content: {
        message: warning.message,
        attacker_username: warning.attackers.join(', '),
        target_coords: warning.coords,
        target_territory_name: warning.territoryName,
        arrival_time: warning.arrival.toISOString(),
      },
      related_object_id: warning.movementId,
    },
    now,
  );
}
