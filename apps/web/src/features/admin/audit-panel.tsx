import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
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
};

function detailText(entry: AuditEntry): string {
  const d = entry.details;
  if (typeof d.from === 'string' && typeof d.to === 'string') return `${d.from} → ${d.to}`;
  if (typeof d.comment_text === 'string') return `“${d.comment_text}”`;
  if (typeof d.recipients === 'number') return `${d.recipients} players`;
  return '';
}

/** The audit log: every operator action with its reason, newest first. The database refuses to change or delete an entry. */
export function AuditPanel() {
  const log = useAuditLog();
  if (!log.data) return <PanelLoading label="Loading the audit log..." />;
  return (
    <Stack gap="xs" data-testid="admin-audit">
      <Text fz="sm" c="dimmed">
        Append-only: the database refuses to change or delete an entry.
      </Text>
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
                    <Table.Td><Badge variant="light" color={e.action === 'SUSPEND' || e.action === 'DELETE_HOF_COMMENT' ? 'red' : 'acid'}>{ACTION_LABELS[e.action]}</Badge></Table.Td>
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
    </Stack>
  );
}
