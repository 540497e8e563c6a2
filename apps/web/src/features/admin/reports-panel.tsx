import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { formatDate } from '../../lib/format';
import type { RouterOutputs } from '../../lib/api-types';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { ReasonModal } from './reason-modal';

type Report = RouterOutputs['admin']['reports'][number];
type Action = 'dismiss' | 'suspend';

function ReportCard({ report, onResolve }: { report: Report; onResolve: (action: Action) => void }) {
  const open = report.status === 'OPEN';
  return (
    <Paper p="sm" withBorder className="bs-glass" data-testid="report">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} fz="sm">
            {report.reporter.username} reported {report.reported.username}
            {report.reported.suspended && <Badge ml={6} size="xs" color="red">suspended</Badge>}
          </Text>
          <Badge size="sm" variant="light" color={open ? 'orange' : 'gray'}>{report.status.toLowerCase()}</Badge>
        </Group>
        <Text fz="xs" c="dimmed">Reported {formatDate(report.created_at)} · sent {formatDate(report.message.sent_at)}</Text>
        <Text fw={600} fz="sm" data-testid="report-subject">{report.message.subject}</Text>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.message.body}</Text>
        {report.context.length > 0 && (
          <Stack gap={2} pl="sm" style={{ borderLeft: '2px solid var(--bs-edge)' }}>
            <Text fz="xs" c="dimmed">Earlier between them:</Text>
            {report.context.map((c, i) => (
              <Text key={i} fz="xs" style={{ overflowWrap: 'anywhere' }}>
                <b>{c.sender_username}</b> · {c.subject}: {c.body}
              </Text>
            ))}
          </Stack>
        )}
        {open && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => onResolve('dismiss')}>Dismiss</Button>
            <Button
              size="xs"
              color="red"
              disabled={report.reported.id === null || report.reported.suspended}
              title={report.reported.id === null ? 'The player no longer exists.' : report.reported.suspended ? 'Already suspended: dismiss the report.' : undefined}
              onClick={() => onResolve('suspend')}
            >
              Suspend {report.reported.username}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The Reports queue: messages players reported, with both players and the context; dismiss, or suspend the sender (audited). */
export function ReportsPanel() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const [status, setStatus] = useState<'OPEN' | 'ALL'>('OPEN');
  const [acting, setActing] = useState<{ report: Report; action: Action } | null>(null);
  const reports = useQuery({ ...trpc.admin.reports.queryOptions({ status }), refetchInterval: 15_000 });
  const resolve = useMutation(trpc.admin.resolveReport.mutationOptions({ onSuccess: () => void client.invalidateQueries(trpc.admin.pathFilter()) }));
  return (
    <Stack gap="sm" data-testid="reports-panel">
      <SegmentedControl value={status} onChange={(v) => setStatus(v as 'OPEN' | 'ALL')} data={[{ value: 'OPEN', label: 'Open' }, { value: 'ALL', label: 'All' }]} style={{ alignSelf: 'flex-start' }} />
      {reports.isLoading && <PanelLoading label="Loading reports..." />}
      {reports.data?.length === 0 && <Text c="dimmed">No reports found.</Text>}
      {reports.data?.map((r) => <ReportCard key={r.id} report={r} onResolve={(action) => setActing({ report: r, action })} />)}
      {acting && (
        <ReasonModal
          opened
          title={acting.action === 'dismiss' ? 'Dismiss report' : `Suspend ${acting.report.reported.username}`}
          description={acting.action === 'dismiss' ? 'The report is closed without action.' : 'The sender is suspended (signed out everywhere) and the report is closed.'}
          confirmLabel={acting.action === 'dismiss' ? 'Dismiss' : 'Suspend'}
          danger={acting.action === 'suspend'}
          loading={resolve.isPending}
          onClose={() => setActing(null)}
          onConfirm={(_values, reason) =>
            resolve.mutateAsync({ id: acting.report.id, action: acting.action, reason }).then(() => showSuccess(acting.action === 'dismiss' ? 'Report dismissed.' : 'Player suspended.'))
          }
        />
      )}
    </Stack>
  );
}
