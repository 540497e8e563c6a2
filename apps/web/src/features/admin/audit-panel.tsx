import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useIsMobile } from '../../components/shell/breakpoints';
import { formatDate } from '../../lib/format';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { useAuditLog, type AuditEntry } from './admin-queries';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  GRANT_OPERATOR: 'granted operator',
  REVOKE_OPERATOR: 'revoked operator',
  SUSPEND: 'suspended',
  UNSUSPEND: 'lifted suspension',
  RENAME_TERRITORY: 'renamed territory',
  RENAME_ALLIANCE: 'renamed alliance',
  DELETE_HOF_COMMENT: 'deleted comment',
  ANNOUNCE: 'announced',
  DISMISS_REPORT: 'dismissed report',
  ACT_ON_REPORT: 'acted on report',
  END_VACATION: 'ended vacation',
};

function detailText(entry: AuditEntry): string {
  const d = entry.details;
  if (typeof d.from === 'string' && typeof d.to === 'string') return `${d.from} → ${d.to}`;
  if (typeof d.comment_text === 'string') return `“${d.comment_text}”`;
  if (typeof d.recipients === 'number') return `${d.recipients} players`;
  return '';
}

const actionBadge = (e: AuditEntry) => (
  <Badge variant="light" color={e.action === 'SUSPEND' || e.action === 'DELETE_HOF_COMMENT' ? 'red' : 'acid'}>
    {ACTION_LABELS[e.action]}
  </Badge>
);

/** Phones: one card per entry, every field readable without scrolling sideways. */
function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack gap="xs">
      {entries.map((e) => (
        <Paper key={e.id} className="bs-glass" p="sm" data-testid="audit-row">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {actionBadge(e)}
            <Text fz="xs" c="dimmed">{formatDate(e.at)}</Text>
          </Group>
          <Text fz="sm" mt={4}>
            <b>{e.operator_name}</b> → {e.target_label}
          </Text>
          <Text fz="sm">{e.reason}</Text>
          {detailText(e) && <Text fz="xs" c="dimmed">{detailText(e)}</Text>}
        </Paper>
      ))}
    </Stack>
  );
}

/** The audit log: every operator action with its reason, newest first. The database refuses to change or delete an entry. */
export function AuditPanel() {
  const log = useAuditLog();
  const isMobile = useIsMobile();
  if (!log.data) return <PanelLoading label="Loading the audit log..." />;
  return (
    <Stack gap="xs" data-testid="admin-audit">
      <Text fz="sm" c="dimmed">
        Append-only: the database refuses to change or delete an entry.
      </Text>
      {isMobile && log.data.length > 0 ? (
        <AuditCards entries={log.data} />
      ) : (
      <Paper className="bs-glass" p={0}>
        {log.data.length === 0 ? (
          <Text c="dimmed" p="md">Nothing recorded yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {['When', 'Operator', 'Action', 'Target', 'Reason', 'Details'].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.map((e) => (
                  <Table.Tr key={e.id} data-testid="audit-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.at)}</Table.Td>
                    <Table.Td>{e.operator_name}</Table.Td>
                    <Table.Td>{actionBadge(e)}</Table.Td>
                    <Table.Td>{e.target_label}</Table.Td>
                    <Table.Td>{e.reason}</Table.Td>
                    <Table.Td c="dimmed">{detailText(e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      )}
    </Stack>
  );
}
