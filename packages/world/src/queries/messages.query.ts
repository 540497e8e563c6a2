import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_PLAYER } from './departed-names';
import { boundRows } from '../kernel/bulk-write';

/** A message as both sides read it (the shape, snake_case). */
export interface MessageView {
  id: number;
  /** Null, with the name 'deleted player', once that account is deleted: the other side keeps its copy. */
  sender_id: number | null;
  sender_username: string;
  recipient_id: number | null;
  recipient_username: string;
  subject: string;
  body: string;
  is_read: boolean;
  is_circular: boolean;
  created_at: string;
}

export type MessageFolder = 'inbox' | 'sent';

/** A page of a folder, newest first, with how many the folder holds. */
export interface MessagePage {
  messages: MessageView[];
  total: number;
}

export const MESSAGE_COLUMNS = `m.id, m.sender_id, coalesce(s.username, '${DELETED_PLAYER}') as sender_username, m.recipient_id,
  coalesce(r.username, '${DELETED_PLAYER}') as recipient_username, m.subject, m.body, m.is_read, m.is_circular, m.created_at`;
export const MESSAGE_JOINS = 'from messages m left join users s on s.id = m.sender_id left join users r on r.id = m.recipient_id';

type MessageRow = Omit<MessageView, 'id' | 'created_at'> & { id: string | number; created_at: Date | string };

export const toMessageView = (r: MessageRow): MessageView => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() });

/** Which rows a folder shows the player: what they received and did not delete, or what they sent and did not delete. */
const FOLDER_WHERE: Record<MessageFolder, string> = {
  inbox: 'm.recipient_id = ? and not m.recipient_deleted',
  sent: 'm.sender_id = ? and not m.sender_deleted',
};

/** GET /messages?folder=inbox|sent: the player's own messages only, newest first. */
export async function listMessages(em: EntityManager, actor: { id: number }, query: { folder: MessageFolder; skip: number; limit: number }): Promise<MessagePage> {
  const where = FOLDER_WHERE[query.folder];
  const rows = await boundRows<MessageRow>(em, `select ${MESSAGE_COLUMNS} ${MESSAGE_JOINS} where ${where} order by m.created_at desc, m.id desc limit ? offset ?`, [
    actor.id,
    query.limit,
    query.skip,
  ]);
  const count = await boundRows<{ n: string }>(em, `select count(*) as n from messages m where ${where}`, [actor.id]);
  return { messages: rows.map(toMessageView), total: Number(count[0]?.n ?? 0) };
}

/** GET /messages/unread-count. */
export async function unreadMessageCount(em: EntityManager, actor: { id: number }): Promise<{ count: number }> {
  const rows = await boundRows<{ n: string }>(em, 'select count(*) as n from messages where recipient_id = ? and not recipient_deleted and not is_read', [actor.id]);
  return { count: Number(rows[0]?.n ?? 0) };
}
