import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, ScrollArea, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { allianceRefusal, type AlliancePower } from '@brood/game-core';
import { IconArrowDown, IconArrowUp, IconUserMinus } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';
import { useApplications, type AllianceActions, type AllianceDetail } from './alliance-queries';
import { PlayerName } from '../../components/player/player-name';

type Member = AllianceDetail['members'][number];
type Rank = Member['rank'];

const confirm = (title: string, text: string, onConfirm: () => void, color = 'brood') =>
  modals.openConfirmModal({
    title,
    children: <Text fz="sm">{text}</Text>,
    labels: { confirm: 'Confirm', cancel: 'Cancel' },
    confirmProps: { color, 'data-testid': 'confirm-action' },
    onConfirm,
  });

/**
 * The roster (Member, Rank, Info, Actions). The Actions offer promote, demote and kick where the
 * server's own rule (game-core's allianceRefusal) lets this player use them on that member.
 */
export function RosterTable({ members, myId, myRank, actions }: { members: Member[]; myId: number | null; myRank: Rank | null; actions?: AllianceActions | undefined }) {
  const may = (power: AlliancePower, m: Member) =>
    actions !== undefined && myId !== null && myRank !== null && allianceRefusal(power, { id: myId, rank: myRank }, { id: m.user_id, rank: m.rank }) === null;
  const setRank = (m: Member, rank: 'OFFICER' | 'MEMBER') =>
    confirm(rank === 'OFFICER' ? 'Promote member' : 'Demote officer', `Change ${m.username}'s rank to ${rank.toLowerCase()}?`, () => actions?.setRank.mutate({ id: m.user_id, rank }));
  const kick = (m: Member) =>
    confirm('Remove member', `Are you sure you want to remove ${m.username} from the alliance? This action is permanent.`, () => actions?.kick.mutate({ id: m.user_id }), 'red');
  return (
    // On a phone the Info column folds under the member's name, so name, rank and actions fit 390 px without scrolling sideways.
    <Table.ScrollContainer minWidth={0}>
      <Table striped highlightOnHover data-testid="alliance-roster">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Rank</Table.Th>
            <Table.Th visibleFrom="sm">Info</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.user_id} data-testid={`member-${m.username}`}>
              <Table.Td fw={m.user_id === myId ? 700 : 500}>
                <PlayerName id={m.user_id} name={m.username} />
                <Text c="dimmed" fz="xs" fw={400} hiddenFrom="sm">
                  Joined {formatDate(m.joined_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={m.rank === 'LEADER' ? 'yellow' : m.rank === 'OFFICER' ? 'brood' : 'gray'} tt="none" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
                  {m.rank.toLowerCase()}
                </Badge>
              </Table.Td>
              <Table.Td c="dimmed" fz="xs" visibleFrom="sm">
                Joined {formatDate(m.joined_at)}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {may('promote', m) && (
                    <Tooltip label="Promote to officer">
                      <ActionIcon variant="subtle" aria-label={`Promote ${m.username}`} onClick={() => setRank(m, 'OFFICER')}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {may('demote', m) && (
                    <Tooltip label="Demote to member">
                      <ActionIcon variant="subtle" aria-label={`Demote ${m.username}`} onClick={() => setRank(m, 'MEMBER')}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {may('kick', m) && (
                    <Tooltip label="Kick">
                      <ActionIcon variant="subtle" color="red" aria-label={`Kick ${m.username}`} onClick={() => kick(m)}>
                        <IconUserMinus size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Manage Alliance Applications': pending ones with Accept and Reject, each confirmed; 60% of the screen at most. */
export function ApplicationsModal({ opened, onClose, allianceId, actions }: { opened: boolean; onClose: () => void; allianceId: number; actions: AllianceActions }) {
  const applications = useApplications(allianceId, opened);
  const pending = (applications.data ?? []).filter((a) => a.status === 'PENDING');
  const decide = (id: number, username: string, status: 'ACCEPTED' | 'REJECTED') =>
    confirm(status === 'ACCEPTED' ? 'Accept application' : 'Reject application', `${status === 'ACCEPTED' ? 'Accept' : 'Reject'} the application of ${username}?`, () =>
      actions.decide.mutate({ id, status }),
    status === 'ACCEPTED' ? 'brood' : 'red');
  return (
    <Modal opened={opened} onClose={onClose} title="Manage Alliance Applications" size="lg" centered scrollAreaComponent={ScrollArea.Autosize}>
      <ScrollArea.Autosize mah="60vh">
        {applications.isLoading ? (
          <Text c="dimmed">Loading applications...</Text>
        ) : pending.length === 0 ? (
          <Text c="dimmed">No pending applications.</Text>
        ) : (
          <Stack gap="sm">
            {pending.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" data-testid={`application-${a.username}`}>
                <div>
                  <Text fw={600}>{a.username}</Text>
                  <Text fz="xs" c="dimmed">
                    {formatDate(a.created_at)}
                    {a.message ? ` · ${a.message}` : ''}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => decide(a.id, a.username, 'ACCEPTED')}>
                    Accept
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => decide(a.id, a.username, 'REJECTED')}>
                    Reject
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Modal>
  );
}

export const NO_ELIGIBLE = 'No eligible Officers to transfer leadership to. Promote a member first.';

/** 'Transfer Alliance Leadership': only officers other than the leader; confirmed, irreversible. */
export function TransferModal({ opened, onClose, members, myId, actions }: { opened: boolean; onClose: () => void; members: Member[]; myId: number; actions: AllianceActions }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const officers = members.filter((m) => m.rank === 'OFFICER' && m.user_id !== myId);
  const submit = () => {
    if (!selected) return setError('Please select an officer.');
    const officer = officers.find((m) => String(m.user_id) === selected);
    if (!officer) return setError('Selected officer not found.');
    setError(null);
    confirm('Transfer leadership', `Transfer leadership to ${officer.username}? This is irreversible.`, () => actions.transfer.mutate({ id: officer.user_id }, { onSuccess: onClose }), 'red');
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Transfer Alliance Leadership" centered>
      {officers.length === 0 ? (
        <Text c="dimmed">{NO_ELIGIBLE}</Text>
      ) : (
        <Stack gap="sm">
          <Select label="New leader" placeholder="Select an officer" data={officers.map((m) => ({ value: String(m.user_id), label: m.username }))} value={selected} onChange={setSelected} data-testid="transfer-select" />
          {error && (
            <Text c="red" fz="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={submit} data-testid="transfer-submit">
              Transfer Leadership
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
