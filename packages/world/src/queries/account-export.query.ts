import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../errors';
import { membershipView } from './alliances.query';
import type { AllianceMembershipView } from './user-view';
import { servedNotifications } from './notifications/served-content';
import { toNotificationView, type NotificationView } from './notifications/notification-view';
import { Notification } from '../entities/notification.entity';
import { DELETED_PLAYER } from './departed-names';

type Rows = Record<string, unknown>[];

/**
 * A player's own data, as GET /users/me/export gives it (docs/privacy.md): their account (with the
 * addresses still kept), territories with their stocks, buildings, units and defenses, queues, fleets,
 * notifications as they received them, alliance membership and applications, scores and Hall of Fame
 * comments, their copies of private messages. Every section reads rows of this player only: another player appears only inside what this
 * player legitimately received (a battle report, a notice), never with their account's data.
 */
export interface AccountExport {
  exported_at: string;
  account: Record<string, unknown>;
  known_addresses: Rows;
  territories: Rows;
  queues: Rows;
  fleets: Rows;
  notifications: NotificationView[];
  alliance: AllianceMembershipView | null;
  alliance_applications: Rows;
  scores: Record<string, unknown> | null;
  hall_of_fame_comments: Rows;
  /** The player's own copies of private messages and circulars: received and sent, those they deleted left out. */
  messages: { inbox: Rows; sent: Rows };
}

const rows = (em: EntityManager, sql: string, userId: number): Promise<Rows> => em.execute<Rows>(sql, [userId]);

export async function exportAccount(em: EntityManager, userId: number, now: Date): Promise<AccountExport> {
  const fork = em.fork();
  const [account] = await rows(fork,
    `select id, username, email, avatar_id, is_test_account as is_guest, expires_at, created_at, signup_ip, last_login_ip, last_login_at
       from users where id = ?`, userId);
  if (!account) throw fail.unauthorized('Your account no longer exists');
  const notifications = await fork.find(Notification, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const [scores] = await rows(fork,
    `select s.building_score, s.research_score, s.unit_score, s.defense_score, s.total_score,
            (select count(*)::int + 1 from player_scores o where o.total_score > s.total_score) as rank
       from player_scores s where s.user_id = ?`, userId);
  return {
    exported_at: now.toISOString(),
    account,
    known_addresses: await rows(fork, 'select ip, last_success_at from login_known_addresses where user_id = ? order by last_success_at desc', userId),
    territories: await rows(fork,
      `select id, name, region, sub_region, position, resources, resources_updated_at, structures, units, defenses, created_at
         from territories where owner_id = ? order by id`, userId),
    queues: await rows(fork,
      `select id, kind, territory_id, item_key, target_level, quantity, paid, start_time, end_time, completed_at
         from queue_items where user_id = ? order by start_time, id`, userId),
    fleets: await rows(fork,
      `select id, mission, original_mission, start_territory_id, start_region, start_sub_region, start_position,
              target_region, target_sub_region, target_position, units, resources, fuel_paid, start_time, arrival_time
         from movements where user_id = ? order by start_time, id`, userId),
    notifications: await servedNotifications(fork, notifications.map(toNotificationView)),
    alliance: await membershipView(fork, userId),
    alliance_applications: await rows(fork,
      `select p.alliance_id, a.name as alliance_name, p.message, p.status, p.created_at, p.decided_at
         from alliance_applications p join alliances a on a.id = p.alliance_id where p.user_id = ? order by p.created_at`, userId),
    scores: scores ?? null,
    hall_of_fame_comments: await rows(fork, 'select id, entry_id, comment_text, created_at from hall_of_fame_comments where user_id = ? order by created_at', userId),
    messages: {
      inbox: await rows(fork,
        `select m.id, coalesce(u.username, '${DELETED_PLAYER}') as sender_username, m.subject, m.body, m.is_circular, m.is_read, m.created_at
           from messages m left join users u on u.id = m.sender_id where m.recipient_id = ? and not m.recipient_deleted order by m.created_at, m.id`, userId),
      sent: await rows(fork,
        `select m.id, coalesce(u.username, '${DELETED_PLAYER}') as recipient_username, m.subject, m.body, m.is_circular, m.created_at
           from messages m left join users u on u.id = m.recipient_id where m.sender_id = ? and not m.sender_deleted order by m.created_at, m.id`, userId),
    },
  };
}
