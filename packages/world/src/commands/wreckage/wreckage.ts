import type { EntityManager } from '@mikro-orm/postgresql';
import { subtractResources, totalResources, type Resources } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { AmountMap } from '../../entities/territory.entity';
import { publishEvents, type GameEventPayload } from '../../events';
import { fieldOf, positive, type LockedWreckage, type WreckageSpot } from '../../kernel/locks';

const HOUR_MS = 3_600_000;

const eventData = (f: LockedWreckage) => ({ wreckage_field_id: String(f.id), region: f.region, sub_region: f.sub_region, position: f.position });

/** Events an arrival batch raises once at its end, with its notifications (`Later` of fleets/fleet-legs.ts). */
export interface DeferredEvents {
  events?: GameEventPayload[];
}

async function announce(em: EntityManager, users: readonly number[], event: 'WRECKAGE_FIELD_SPAWNED' | 'WRECKAGE_FIELD_DEPLETED', field: LockedWreckage, later?: DeferredEvents): Promise<void> {
  const data = eventData(field);
  const events = [...new Set(users)].map((user_id): GameEventPayload => ({ user_id, event, data }));
  if (later) (later.events ??= []).push(...events);
  else await publishEvents(em, events);
}

/**
 * Leaves debris at a spot at instant `at`: merged into the live field there (which then lives the
 * universe's wreckage_lifetime_hours from `at` again), or a new field (an expired one at the spot is
 * replaced). Nothing happens for an empty pile. `notify` users get WRECKAGE_FIELD_SPAWNED, raised
 * with the arrival batch's notifications at its end (`tx.later`).
 * Answers the field as stored, or null when nothing was left.
 */
export async function leaveWreckage(
  tx: { em: EntityManager; catalogue: Catalogue; later: DeferredEvents },
  spot: WreckageSpot,
  resources: Resources,
  at: Date,
  notify: readonly number[] = [],
): Promise<LockedWreckage | null> {
  const pile = positive(resources);
  if (totalResources(pile) < 1) return null;
  const expiresAt = new Date(at.getTime() + tx.catalogue.universe.combat.wreckage_lifetime_hours * HOUR_MS);
  // One statement, safe against a concurrent writer at the same spot: the unique position decides.
  const rows = await tx.em.execute<LockedWreckage[]>(
    `insert into wreckage_fields as w (region, sub_region, position, resources, created_at, expires_at)
     values (?, ?, ?, ?::jsonb, ?, ?)
     on conflict (region, sub_region, position) do update set
       resources = case when w.expires_at > excluded.created_at
         then (select coalesce(jsonb_object_agg(k, floor(coalesce((w.resources->>k)::numeric, 0) + coalesce((excluded.resources->>k)::numeric, 0))), '{}'::jsonb)
                 from (select jsonb_object_keys(w.resources) as k union select jsonb_object_keys(excluded.resources)) keys)
         else excluded.resources end,
       created_at = case when w.expires_at > excluded.created_at then w.created_at else excluded.created_at end,
       expires_at = excluded.expires_at
     returning id, region, sub_region, position, resources, expires_at`,
    [spot.region, spot.sub_region, spot.position, JSON.stringify(pile), at, expiresAt],
  );
  const field = fieldOf(rows[0]!);
  await announce(tx.em, notify, 'WRECKAGE_FIELD_SPAWNED', field, tx.later);
  return field;
}

/**
 * Takes `taken` out of a field locked by lockWreckageAt (a salvage). A field left with less than one
 * of everything is removed, and `notify` users get WRECKAGE_FIELD_DEPLETED. Answers what remains.
 */
export async function takeFromWreckage(em: EntityManager, field: LockedWreckage, taken: Resources, notify: readonly number[] = []): Promise<{ remaining: AmountMap; emptied: boolean }> {
  const remaining = positive(subtractResources(field.resources, taken));
  const emptied = totalResources(remaining) < 1;
  if (emptied) {
    await em.execute('delete from wreckage_fields where id = ?', [field.id]);
    await announce(em, notify, 'WRECKAGE_FIELD_DEPLETED', field);
  } else {
    await em.execute('update wreckage_fields set resources = ?::jsonb where id = ?', [JSON.stringify(remaining), field.id]);
  }
  field.resources = remaining;
  return { remaining, emptied };
}
