import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDate } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';
import { SettingsModal } from './alliance-forms';
import { ApplicationsModal, RosterTable, TransferModal } from './alliance-manage';
import { CircularButton } from '../messages';
import { useApplications, type AllianceActions, type AllianceDetail } from './alliance-queries';

export const NO_DESCRIPTION = 'No description.';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** Name, [tag], description and the facts of spec social §2.10, then the roster. */
export function AllianceSummaryCard({ alliance, children }: { alliance: AllianceDetail; children?: React.ReactNode }) {
  return (
    <Paper className="bs-glass" p="lg" data-testid="alliance-details">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>
              {alliance.name}{' '}
              <Text span c="dimmed" fz="lg">
                [{alliance.tag}]
              </Text>
            </Title>
            <Text c={alliance.description ? undefined : 'dimmed'} mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {alliance.description || NO_DESCRIPTION}
            </Text>
          </div>
          {children}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Leader" value={alliance.leader_username} />
          <Fact label="Members" value={`${alliance.member_count}/${alliance.slots_max}`} />
          <Fact label="Recruitment" value="Application Required" />
          <Fact label="Founded" value={formatDate(alliance.created_at)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

const disbandSentence = (a: { name: string; tag: string }) => `Disband ${a.name} [${a.tag}]? Every member loses their membership. This cannot be undone.`;
/** Members are allies no more: the server sends home what they stationed with one another. */
export const DISBAND_FLEETS_WARNING = 'Fleets your members have stationed with one another leave their posts and fly home.';

/** The player's own alliance: management buttons by rank, then Disband (leader) or Leave (everyone else). */
export function MyAlliance({ alliance, actions }: { alliance: AllianceDetail; actions: AllianceActions }) {
  const myId = useAuthStore((s) => s.currentUser?.id ?? null);
  const me = alliance.members.find((m) => m.user_id === myId);
  const rank = me?.rank ?? null;
  const manages = rank === 'LEADER' || rank === 'OFFICER';
  const applications = useApplications(alliance.id, manages);
  const pendingCount = (applications.data ?? []).filter((a) => a.status === 'PENDING').length;
  const [open, setOpen] = useState<'settings' | 'applications' | 'members' | 'transfer' | null>(null);
  const close = () => setOpen(null);

  const leave = () =>
    modals.openConfirmModal({
      title: 'Leave Alliance',
      children: <Text fz="sm">Are you sure you want to leave this alliance?</Text>,
      labels: { confirm: 'Leave', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-action' },
      onConfirm: () => actions.leave.mutate(),
    });
  const disband = () =>
    modals.openConfirmModal({
      title: 'Disband Alliance',
      children: <Text fz="sm">{`${disbandSentence(alliance)} ${DISBAND_FLEETS_WARNING}`}</Text>,
      labels: { confirm: 'Disband', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-action' },
      onConfirm: () => actions.disband.mutate({ id: alliance.id }),
    });

  return (
    <Stack gap="md">
      <AllianceSummaryCard alliance={alliance}>
        <Group gap="xs">
          {manages && (
            <>
              <Button size="xs" variant="light" onClick={() => setOpen('settings')}>
                Settings
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpen('applications')}
                rightSection={pendingCount > 0 ? <Badge size="xs" circle data-testid="pending-count">{pendingCount}</Badge> : null}
              >
                Applications
              </Button>
              <Button size="xs" variant="light" onClick={() => setOpen('members')}>
                Members
              </Button>
              <CircularButton allianceId={alliance.id} />
            </>
          )}
          {rank === 'LEADER' && (
            <Button size="xs" variant="light" color="yellow" onClick={() => setOpen('transfer')}>
              Transfer
            </Button>
          )}
          {rank === 'LEADER' ? (
            <Button size="xs" color="red" variant="light" onClick={disband}>
              Disband Alliance
            </Button>
          ) : (
            <Button size="xs" color="red" variant="light" onClick={leave}>
              Leave Alliance
            </Button>
          )}
        </Group>
      </AllianceSummaryCard>
      <Paper className="bs-glass" p="md">
        <RosterTable members={alliance.members} myId={myId} myRank={rank} actions={actions} />
      </Paper>
      {open === 'settings' && <SettingsModal opened onClose={close} actions={actions} allianceId={alliance.id} description={alliance.description} />}
      <ApplicationsModal opened={open === 'applications'} onClose={close} allianceId={alliance.id} actions={actions} />
      <Modal opened={open === 'members'} onClose={close} title="Manage Alliance Members" size="xl" centered>
        <RosterTable members={alliance.members} myId={myId} myRank={rank} actions={actions} />
      </Modal>
      {open === 'transfer' && myId !== null && <TransferModal opened onClose={close} members={alliance.members} myId={myId} actions={actions} />}
    </Stack>
  );
}
