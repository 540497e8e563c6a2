import type { EntityManager } from '@mikro-orm/postgresql';
import type { AllianceMembershipView } from '../user-view';
import { fail } from '../../errors';
import { membershipView } from '../alliances.query';
import { rankOf } from '../highscores.query';
import { sharedAddressAccounts, transportsBetween, type SharedAccount, type TransportView } from './signals.query';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One row of the console's player search. */
export interface PlayerRow {
  id: number;
  username: string;
  email: string;
  is_test_account: boolean;
  is_operator: boolean;
  suspended: boolean;
  created_at: string;
  last_login_at: string | null;
}

const ROW_SQL = `id, username, email, is_test_account, is_operator, suspended_at is not null as suspended, created_at, last_login_at`;
type RawRow = Omit<PlayerRow, 'created_at' | 'last_login_at'> & { created_at: Date; last_login_at: Date | null };
const toRow = (r: RawRow): PlayerRow => ({ ...r, created_at: iso(r.created_at)!, last_login_at: iso(r.last_login_at) });

/**
 * Players whose id is the query, or whose name or email contains it (case-insensitive), exact
 * matches first. `position()`, not LIKE: '_' is a username character and a LIKE wildcard.
 */
export async function searchPlayers(em: EntityManager, query: string, limit: number): Promise<PlayerRow[]> {
  const text = query.trim().toLowerCase();
  if (!text) return [];
  const id = /^\d{1,9}$/.test(text) ? Number(text) : -1;
  const rows = await em.fork().execute<RawRow[]>(
    `select ${ROW_SQL} from users
      where id = ? or position(? in lower(username)) > 0 or position(? in lower(email)) > 0
      order by (id = ? or lower(username) = ? or lower(email) = ?) desc, lower(username)
      limit ?`,
    [id, text, text, id, text, text, limit],
  );
  return rows.map(toRow);
}

export interface PlayerDetail extends PlayerRow {
  expires_at: string | null;
  suspended_at: string | null;
  suspension_reason: string | null;
  signup_ip: string | null;
  last_login_ip: string | null;
  /** Addresses the account signed in from within `login_throttle.known_address_days`. */
  known_addresses: { ip: string; last_success_at: string }[];
  alliance: AllianceMembershipView | null;
  scores: { total: number; building: number; research: number; unit: number; defense: number; rank: number | null };
  territories: { id: number; name: string; coords: string }[];
  fleets: { id: string; mission: string; original_mission: string | null; from: string; to: string; arrival_time: string | null; units: number }[];
  /** Multi-account signals: other accounts that used one of this player's addresses. */
  shared_address_accounts: SharedAccount[];
  /** Resources delivered between this player and those accounts (pushing), newest first. */
  transports: TransportView[];
  /** How far back the addresses go: older ones are removed (`address_retention_days`, docs/privacy.md). */
  addresses_kept_days: number;
}

const coords = (r: number, s: number, p: number) => `${r}:${s}:${p}`;

/** Everything the console's player page shows, 404 when there is no such player. */
export async function playerDetail(em: EntityManager, userId: number, limit: number, addressesKeptDays: number): Promise<PlayerDetail> {
  const fork = em.fork();
  const [user] = await fork.execute<(RawRow & { expires_at: Date | null; suspended_at: Date | null; suspension_reason: string | null; signup_ip: string | null; last_login_ip: string | null })[]>(
    `select ${ROW_SQL}, expires_at, suspended_at, suspension_reason, signup_ip, last_login_ip from users where id = ?`,
    [userId],
  );
  if (!user) throw fail.notFound('Player not found.');
  const known = await fork.execute<{ ip: string; last_success_at: Date }[]>('select ip, last_success_at from login_known_addresses where user_id = ? order by last_success_at desc', [userId]);
  const [score] = await fork.execute<{ total_score: number; building_score: number; research_score: number; unit_score: number; defense_score: number }[]>(
    'select total_score, building_score, research_score, unit_score, defense_score from player_scores where user_id = ?',
    [userId],
  );
  const territories = await fork.execute<{ id: number; name: string; region: number; sub_region: number; position: number }[]>(
    'select id, name, region, sub_region, position from territories where owner_id = ? order by id',
    [userId],
  );
  const fleets = await fork.execute<{ id: string; mission: string; original_mission: string | null; start_region: number; start_sub_region: number; start_position: number; target_region: number; target_sub_region: number; target_position: number; arrival_time: Date | null; units: string }[]>(
    `select id, mission, original_mission, start_region, start_sub_region, start_position, target_region, target_sub_region, target_position, arrival_time,
            (select coalesce(sum(value::numeric), 0) from jsonb_each_text(units)) as units
       from movements where user_id = ? order by arrival_time nulls last, id limit ?`,
    [userId, limit],
  );
  const shared = await sharedAddressAccounts(fork, userId, limit);
  const { suspended_at, suspension_reason, signup_ip, last_login_ip, expires_at, ...row } = user;
  return {
    ...toRow(row),
    expires_at: iso(expires_at),
    suspended_at: iso(suspended_at),
    suspension_reason,
    signup_ip,
    last_login_ip,
    known_addresses: known.map((k) => ({ ip: k.ip, last_success_at: iso(k.last_success_at)! })),
    alliance: await membershipView(fork, userId),
    scores: {
      total: Number(score?.total_score ?? 0),
      building: Number(score?.building_score ?? 0),
      research: Number(score?.research_score ?? 0),
      unit: Number(score?.unit_score ?? 0),
      defense: Number(score?.defense_score ?? 0),
      rank: await rankOf(fork, userId, 'total_score'),
    },
    territories: territories.map((t) => ({ id: t.id, name: t.name, coords: coords(t.region, t.sub_region, t.position) })),
    fleets: fleets.map((f) => ({
      id: f.id,
      mission: f.mission,
      original_mission: f.original_mission,
      from: coords(f.start_region, f.start_sub_region, f.start_position),
      to: coords(f.target_region, f.target_sub_region, f.target_position),
      arrival_time: iso(f.arrival_time),
      units: Number(f.units),
    })),
    shared_address_accounts: shared,
    transports: await transportsBetween(fork, userId, shared.map((s) => s.id), limit),
    addresses_kept_days: addressesKeptDays,
  };
}
