import { DriverException } from '@mikro-orm/core';
import type { MessageType } from '@brood/contracts';
import { salvageOutcome, type Effects } from '@brood/game-core';
import { settledViews } from '../../../settle';
import { lockWreckageAt } from '../../../kernel/locks';
import { takeFromWreckage } from '../../wreckage';
import { notify } from '../../war/attack-reports';
import { addAmounts, coordsText, targetCoords } from '../../flight/fleet-parts';
import { turnAround } from '../../flight/fleet-legs';
import type { ArrivalContext, ArrivalHandler } from '../../flight/arrival-context';

type SalvageType = Extract<MessageType, `SALVAGE_${string}`>;

/** The fleet owner's cargo bonus, read from the home territory (no lock: salvaging changes nothing there). */
async function ownerEffects({ tx, movement: m, start, settled, at }: ArrivalContext): Promise<Effects> {
  if (!start || start.owner?.id !== m.userId) return {};
  return settled.get(start.id)?.economy.effects ?? (await settledViews(tx.em, tx.catalogue, [start], at)).get(start.id)!.economy.effects;
}

const SENTENCES: Record<string, (at: string) => string> = {
  SALVAGE_FAILED_NO_WRECKAGE: (at) => `There is no wreckage field at ${at}.`,
  SALVAGE_FAILED_EMPTY_WRECKAGE: (at) => `The wreckage field at ${at} holds nothing any more.`,
  SALVAGE_FAILED_NO_CAPABILITY: () => 'The fleet has no unit that can salvage.',
  SALVAGE_FAILED_NO_CARGO: () => 'The fleet has no free cargo room left to salvage into.',
  SALVAGE_FAILED_DATABASE_ERROR: (at) => `The wreckage field at ${at} could not be read or written just now; nothing was salvaged.`,
  SALVAGE_FAILED_UNEXPECTED_ERROR: () => 'Something unexpected went wrong; nothing was salvaged.',
};

/**
 * SALVAGE at the target: the fleet's SALVAGE units take what the wreckage field there holds, up to
 * the fleet's free cargo, and the fleet flies home with it; an emptied field is removed
 * (WRECKAGE_FIELD_DEPLETED). Each failure has its notification (no field, empty field, no salvage
 * unit, no cargo room; a database or other error while taking from the field is rolled back to
 * before it and reported as SALVAGE_FAILED_DATABASE_ERROR / _UNEXPECTED_ERROR), and the fleet flies home.
 */
export const salvageArrival: ArrivalHandler = async (ctx) => {
  const { tx, movement: m, at } = ctx;
  const [region, sub_region, position] = targetCoords(m);
  const where = coordsText(targetCoords(m));
  const effects = await ownerEffects(ctx);
  let type: SalvageType;
  let content: Record<string, unknown>;
  await tx.em.execute('savepoint salvage');
  try {
    const field = await lockWreckageAt(tx.em, { region, sub_region, position }, at);
    const outcome = salvageOutcome(tx.catalogue, { units: m.units, carried: m.resources, cargoPct: effects.cargo_pct ?? 0, wreckage: field?.resources ?? null });
    type = outcome.notification as SalvageType;
    content = { wreckage_field_id: field ? String(field.id) : null, coordinates: targetCoords(m) };
    if (outcome.status === 'SUCCESS' && field) {
      const { emptied } = await takeFromWreckage(tx.em, field, outcome.salvaged_resources, [m.userId]);
      m.resources = addAmounts(m.resources, outcome.salvaged_resources);
      content = {
        ...content,
        salvaged_resources: outcome.salvaged_resources,
        resources_remaining_in_wreckage: outcome.resources_remaining_in_wreckage,
        wreckage_field_emptied: emptied,
        fleet_cargo_after_salvage: outcome.fleet_cargo_after_salvage,
        fleet_cargo_capacity_remaining: outcome.fleet_cargo_capacity_remaining,
      };
    } else {
      content = { ...content, details: SENTENCES[type]!(where), wreckage_field_emptied: outcome.wreckage_field_emptied };
    }
    await tx.em.execute('release savepoint salvage');
  } catch (error) {
    await tx.em.execute('rollback to savepoint salvage');
    type = error instanceof DriverException ? 'SALVAGE_FAILED_DATABASE_ERROR' : 'SALVAGE_FAILED_UNEXPECTED_ERROR';
    content = { coordinates: targetCoords(m), details: SENTENCES[type]!(where) };
  }
  const salvaged = type === 'SALVAGE_SUCCESSFUL';
  await notify(tx, {
    userId: m.userId,
    input: { message_type: type, title: salvaged ? `Salvaged wreckage at ${where}` : `Salvage at ${where} failed`, content: content as never, related_object_id: m.id },
    as: { event: type, data: { movement_id: m.id, territory_id: m.startTerritoryId, ...(salvaged ? {} : { details: String(content.details) }) } },
  });
  await turnAround(tx, m, at);
};
