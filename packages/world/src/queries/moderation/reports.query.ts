import type { EntityManager } from '@mikro-orm/postgresql';

export type ReportStatus = 'OPEN' | 'DISMISSED' | 'ACTED';

/** One entry of the console's Reports queue: the message, both players, and the messages before it. */
export interface MessageReportView {
  id: number;
  status: ReportStatus;
  created_at: string;
  resolved_at: string | null;
  reporter: { id: number | null; username: string };
  reported: { id: number | null; username: string; suspended: boolean };
  message: { id: number | null; subject: string; body: string; sent_at: string };
  context: { sender_username: string; subject: string; body: string; created_at: string }[];
}

interface Row {
  id: string;
  status: ReportStatus;
  created_at: Date;
  resolved_at: Date | null;
  reporter_id: number | null;
  reporter_username: string;
  reported_id: number | null;
  reported_username: string;
  suspended: boolean | null;
  message_id: string | null;
  subject: string;
  body: string;
  sent_at: Date;
  context: MessageReportView['context'];
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The Reports queue, open ones first (oldest first: the longest waiting), then the resolved, newest first. */
export async function listMessageReports(em: EntityManager, query: { status: 'OPEN' | 'ALL'; limit: number }): Promise<MessageReportView[]> {
  const rows = await em.fork().execute<Row[]>(
    `select r.*, u.suspended_at is not null as suspended from message_reports r left join users u on u.id = r.reported_id
     where ? = 'ALL' or r.status = 'OPEN'
     order by r.status = 'OPEN' desc, case when r.status = 'OPEN' then r.created_at end, r.created_at desc, r.id limit ?`,
    [query.status, query.limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    created_at: iso(r.created_at),
    resolved_at: r.resolved_at === null ? null : iso(r.resolved_at),
    reporter: { id: r.reporter_id, username: r.reporter_username },
    reported: { id: r.reported_id, username: r.reported_username, suspended: r.suspended ?? false },
    message: { id: r.message_id === null ? null : Number(r.message_id), subject: r.subject, body: r.body, sent_at: iso(r.sent_at) },
    context: r.context.map((c) => ({ ...c, created_at: iso(c.created_at) })),
  }));
}
