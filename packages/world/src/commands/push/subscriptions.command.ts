import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_PUSH_PREFERENCES, PUSH_KIND_KEYS, type PushPreferences } from '@brood/contracts';
import { fail } from '../../errors';
import type { Actor } from '../../kernel/deps';
import { refuseEndpoint } from './push-endpoints';

/** The browser's PushSubscription JSON, as `subscription.toJSON()` gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Keeps the browser's subscription for the player. An endpoint is one browser: subscribing it again
 * (new keys, or another player signed in on it) replaces the row, so a device never gets another
 * player's pushes. Endpoints outside the push services are refused with the reason.
 */
export async function subscribePush(em: EntityManager, actor: Actor, input: PushSubscriptionInput, allowedOrigins: readonly string[]): Promise<{ subscribed: true }> {
  const refused = refuseEndpoint(input.endpoint, allowedOrigins);
  if (refused) throw fail.unprocessable(refused);
  await em.execute(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (?, ?, ?, ?)
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`,
    [actor.id, input.endpoint, input.keys.p256dh, input.keys.auth],
  );
  return { subscribed: true };
}

/** Forgets the player's subscription of that endpoint (a browser switching push off). */
export async function unsubscribePush(em: EntityManager, actor: Actor, endpoint: string): Promise<{ removed: boolean }> {
  const rows = await em.execute<{ id: string }[]>('delete from push_subscriptions where user_id = ? and endpoint = ? returning id', [actor.id, endpoint]);
  return { removed: rows.length > 0 };
}

/** The player's switches, each kind not chosen yet at its default. */
export async function pushPreferences(em: EntityManager, actor: Actor): Promise<PushPreferences & { subscriptions: number }> {
  const [row] = await em.execute<{ switches: Partial<PushPreferences> | null; subscriptions: string }[]>(
    `select (select switches from push_preferences where user_id = ?) as switches,
            (select count(*) from push_subscriptions where user_id = ?) as subscriptions`,
    [actor.id, actor.id],
  );
  return { ...withDefaults(row?.switches ?? null), subscriptions: Number(row?.subscriptions ?? 0) };
}

/** Sets the switches given (the others keep their value). */
export async function setPushPreferences(em: EntityManager, actor: Actor, input: Partial<PushPreferences>): Promise<PushPreferences & { subscriptions: number }> {
  await em.execute(
    `insert into push_preferences (user_id, switches) values (?, ?::jsonb)
     on conflict (user_id) do update set switches = push_preferences.switches || excluded.switches`,
    [actor.id, JSON.stringify(input)],
  );
  return pushPreferences(em, actor);
}

export function withDefaults(switches: Partial<PushPreferences> | null): PushPreferences {
  const out = { ...DEFAULT_PUSH_PREFERENCES };
  for (const k of PUSH_KIND_KEYS) if (typeof switches?.[k] === 'boolean') out[k] = switches[k];
  return out;
}
