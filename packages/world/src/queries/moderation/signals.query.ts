import type { EntityManager } from '@mikro-orm/postgresql';

/** Another account that used one of a player's addresses (sign-up, last sign-in, or a known sign-in address). */
export interface SharedAccount {
  id: number;
  username: string;
  is_test_account: boolean;
  suspended: boolean;
  /** The addresses both used. */
  addresses: string[];
}

/** Resources delivered by a transport from one player to another's territory. */
export interface TransportView {
  movement_id: string;
  sender_id: number;
  sender: string;
  receiver_id: number;
  receiver: string;
  territory_id: number | null;
  resources: Record<string, number>;
  delivered_at: string;
}

/** Postgres array literal of ids (numbers only, so nothing to escape). */
const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * Multi-account signals: the accounts that share an address with `userId`, most shared addresses
 * first. Every address column is indexed, so this is a handful of index lookups per address.
 */
export async function sharedAddressAccounts(em: EntityManager, userId: number, limit: number): Promise<SharedAccount[]> {
  const rows = await em.execute<{ id: number; username: string; is_test_account: boolean; suspended: boolean; addresses: string[] }[]>(
    `with me as (select id, signup_ip, last_login_ip from users where id = ?),
     mine as (
       select signup_ip as ip from me where signup_ip is not null
       union select last_login_ip from me where last_login_ip is not null
       union select k.ip from login_known_addresses k join me on k.user_id = me.id
     ),
     hits as (
       select u.id, m.ip from mine m join users u on u.signup_ip = m.ip
       union select u.id, m.ip from mine m join users u on u.last_login_ip = m.ip
       union select k.user_id, m.ip from mine m join login_known_addresses k on k.ip = m.ip
     )
     select u.id, u.username, u.is_test_account, u.suspended_at is not null as suspended, array_agg(distinct h.ip order by h.ip) as addresses
       from hits h join users u on u.id = h.id
      where h.id <> ?
      group by u.id
      order by count(distinct h.ip) desc, u.id
      limit ?`,
    [userId, userId, limit],
  );
  return rows.map((r) => ({ ...r, addresses: [...r.addresses] }));
}

/** Pushing: resources delivered between `userId` and any of `others`, in either direction, newest first. */
export async function transportsBetween(em: EntityManager, userId: number, others: readonly number[], limit: number): Promise<TransportView[]> {
  if (others.length === 0) return [];
  const rows = await em.execute<(Omit<TransportView, 'delivered_at'> & { delivered_at: Date })[]>(
    `select d.movement_id, d.sender_id, s.username as sender, d.receiver_id, r.username as receiver, d.territory_id, d.resources, d.delivered_at
       from transport_deliveries d join users s on s.id = d.sender_id join users r on r.id = d.receiver_id
      where (d.sender_id = ? and d.receiver_id = any(?::int[])) or (d.receiver_id = ? and d.sender_id = any(?::int[]))
      order by d.delivered_at desc, d.id desc
      limit ?`,
    [userId, idArray(others), userId, idArray(others), limit],
  );
  return rows.map((r) => ({ ...r, delivered_at: new Date(r.delivered_at).toISOString() }));
}
