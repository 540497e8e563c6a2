import { useNow } from '../../hooks/use-now';
import { ActionIcon, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { ProgressBar } from '../../components/progress-bar';
import { modals } from '@mantine/modals';
import { IconX } from '@tabler/icons-react';
import { cancelConfirmation, cancelRefundText, canCancel, countdownText, queueProgress } from './queue-progress';

/** Queue item progress updates every 250 ms (core §9). */
export const QUEUE_TICK_MS = 250;

export interface QueueItemRowProps {
  id: string;
  /** What the item makes: 'Fiber Tangle', used in the cancel sentence. */
  name: string;
  /** 'Lvl 3' or '× 10'. */
  detail: string;
  start: Date | string;
  end: Date | string;
  /** Batches: units delivered so far and the batch size. */
  delivered?: { done: number; total: number; perItemS: number } | undefined;
  refundShare?: number | undefined;
  /** What was paid for it, and resource names: the dialog says what comes back. */
  paid?: Record<string, number> | undefined;
  resourceName?: (key: string) => string;
  cancelling: boolean;
  error: string | null;
  onCancel: () => void;
}

function deliveredAt(delivered: NonNullable<QueueItemRowProps['delivered']>, startMs: number, now: number): number {
  const step = delivered.perItemS * 1000;
  if (step <= 0) return delivered.done;
  return Math.max(delivered.done, Math.min(delivered.total, Math.floor((now - startMs) / step)));
}

/** One queue item: 'Starts in' before its start, a moving bar and time left while running, then 'Finished'. */
export function QueueItemRow(props: QueueItemRowProps) {
  const now = useNow(QUEUE_TICK_MS);
  const progress = queueProgress(props.start, props.end, now);
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Cancel queue item',
      children: (
        <>
          <Text fz="sm">{cancelConfirmation(props.name, props.refundShare)}</Text>
          <Text fz="sm" mt={6} c="dimmed" data-testid="cancel-refund">
            {cancelRefundText(props.detail, props.paid, props.refundShare, props.delivered ? { done: deliveredAt(props.delivered, new Date(props.start).getTime(), Date.now()), total: props.delivered.total } : null, props.resourceName)}
          </Text>
        </>
      ),
      labels: { confirm: 'Yes, cancel it', cancel: 'Keep it' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-cancel' },
      onConfirm: props.onCancel,
    });

  return (
    <Box
      py={6}
      px={8}
      style={{ borderRadius: 8, background: 'rgba(255,255,255,0.03)', border: '1px solid rgba(255,255,255,0.05)' }}
      data-testid={`queue-item-${props.id}`}
      data-phase={progress?.phase ?? 'invalid'}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Text fz="sm" fw={600} truncate miw={0}>
          {props.name}{' '}
          <Text span fz="xs" c="dimmed" fw={500}>
            {props.detail}
          </Text>
        </Text>
        {canCancel(progress) && (
          <Tooltip label="Cancel">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              loading={props.cancelling}
              onClick={confirm}
              aria-label={`Cancel ${props.name}`}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {!progress ? (
        <Text fz="xs" c="red.4">
          Invalid time
        </Text>
      ) : progress.phase === 'waiting' ? (
        <Text fz="xs" c="dimmed" data-testid="starts-in">
          Starts in {countdownText(progress.startsInMs)}
        </Text>
      ) : progress.phase === 'running' ? (
        <Stack gap={3} mt={4}>
          <ProgressBar
            value={progress.percent}
            size="sm"
            radius="xl"
            color="acid"
            transitionDuration={QUEUE_TICK_MS}
            label={`${props.name} progress`}
            data-testid="queue-progress"
            data-percent={progress.percent.toFixed(1)}
          />
          <Group justify="space-between" gap={4}>
            <Text fz={11} c="dimmed" ff="monospace">
              {progress.percent.toFixed(0)}%
              {props.delivered && ` · ${deliveredAt(props.delivered, progress.startMs, now)}/${props.delivered.total} done`}
            </Text>
            <Text fz={11} ff="monospace" data-testid="time-left">
              {countdownText(progress.remainingMs)}
            </Text>
          </Group>
        </Stack>
      ) : (
        <Text fz="xs" c="acid.4" fw={600}>
          Finished
        </Text>
      )}
      {props.error && (
        <Text fz="xs" c="red.4" mt={2} role="alert">
          {props.error}
        </Text>
      )}
    </Box>
  );
}
