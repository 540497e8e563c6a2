import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconBan, IconLockOpen, IconPencil } from '@tabler/icons-react';
import { formatDate, formatNumber } from '../../lib/format';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { useAdminActions, usePlayer, type PlayerDetail } from './admin-queries';
import { PlayerBadges } from './players-panel';
import { ReasonModal } from './reason-modal';
import { FairPlaySection } from './fair-play-section';

type Pending = { kind: 'suspend' } | { kind: 'unsuspend' } | { kind: 'territory'; id: number; name: string } | { kind: 'alliance'; id: number; name: string; tag: string };

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper className="bs-glass" p="md" data-testid={testId}>
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Rows({ head, rows, empty, minWidth = 480 }: { head: string[]; rows: ReactNode[][]; empty: string; minWidth?: number }) {
  if (rows.length === 0) return <Text c="dimmed" fz="sm">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>{head.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>{cells.map((c, j) => <Table.Td key={j}>{c}</Table.Td>)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const when = (at: string | null, ip: string | null) => (at ? `${formatDate(at)}${ip ? ` from ${ip}` : ''}` : 'never');
const amounts = (map: Record<string, number>) => Object.entries(map).map(([k, v]) => `${formatNumber(v)} ${k}`).join(', ');

function Account({ p }: { p: PlayerDetail }) {
  return (
    <Section title="Account" testId="player-account">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text fz="sm">Id {p.id} · {p.email}</Text>
        <Text fz="sm">Signed up {when(p.created_at, p.signup_ip)}</Text>
        <Text fz="sm" data-testid="last-login">Last sign-in {when(p.last_login_at, p.last_login_ip)}</Text>
        <Text fz="sm">Known addresses: {p.known_addresses.map((k) => k.ip).join(', ') || 'none'}</Text>
        <Text fz="sm">Score {formatNumber(Math.floor(p.scores.total))} (rank {p.scores.rank ?? 'none'}): buildings {formatNumber(Math.floor(p.scores.building))}, research {formatNumber(Math.floor(p.scores.research))}, units {formatNumber(Math.floor(p.scores.unit))}, defenses {formatNumber(Math.floor(p.scores.defense))}</Text>
        <Text fz="sm">Alliance: {p.alliance ? `[${p.alliance.alliance_tag}] ${p.alliance.alliance_name} (${p.alliance.rank.toLowerCase()})` : 'none'}</Text>
      </SimpleGrid>
      {p.suspended_at && (
        <Alert color="red" variant="light" title={`Suspended ${formatDate(p.suspended_at)}`}>
          {p.suspension_reason}
        </Alert>
      )}
    </Section>
  );
}

/** A player's page: account, addresses, scores, alliance, territories, fleets, multi-account signals and pushing, with the actions. */
export function PlayerPage({ userId, onBack, onOpen }: { userId: number; onBack: () => void; onOpen: (id: number) => void }) {
  const player = usePlayer(userId);
  const actions = useAdminActions();
  const [pending, setPending] = useState<Pending | null>(null);
  const p = player.data;
  if (!p) return <PanelLoading label="Loading the player..." />;

  const modal = (() => {
    if (!pending) return null;
    const close = () => setPending(null);
    if (pending.kind === 'suspend' || pending.kind === 'unsuspend') {
      const suspend = pending.kind === 'suspend';
      const mutation = suspend ? actions.suspend : actions.unsuspend;
      return (
        <ReasonModal opened onClose={close} title={suspend ? `Suspend ${p.username}` : `Lift ${p.username}'s suspension`}
          description={suspend ? 'Their sign-in stops working at once and their open pages go to the login page. Their fleets keep flying.' : 'They can sign in again.'}
          confirmLabel={suspend ? 'Suspend' : 'Lift suspension'} danger={suspend} loading={mutation.isPending}
          onConfirm={(_values, reason) => mutation.mutateAsync({ user_id: p.id, reason })} />
      );
    }
    if (pending.kind === 'territory') {
      return (
        <ReasonModal opened onClose={close} title={`Rename ${pending.name}`} description="The owner is told of the new name." confirmLabel="Rename"
          fields={[{ name: 'name', label: 'New name', initial: '', maxLength: 100 }]} loading={actions.renameTerritory.isPending}
          onConfirm={(values, reason) => actions.renameTerritory.mutateAsync({ territory_id: pending.id, name: values.name ?? '', reason })} />
      );
    }
    return (
      <ReasonModal opened onClose={close} title={`Rename [${pending.tag}] ${pending.name}`} description="Every member is told of the new name and tag." confirmLabel="Rename"
        fields={[{ name: 'name', label: 'New name', maxLength: 50 }, { name: 'tag', label: 'New tag (3-5 letters or digits)', maxLength: 5 }]} loading={actions.renameAlliance.isPending}
        onConfirm={(values, reason) => actions.renameAlliance.mutateAsync({ alliance_id: pending.id, name: values.name ?? '', tag: values.tag ?? '', reason })} />
    );
  })();

  return (
    <Stack gap="md" data-testid="admin-player" data-player={p.username}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            Search
          </Button>
          <Title order={3}>{p.username}</Title>
          <PlayerBadges player={p} />
        </Group>
        <Group gap="xs">
          {p.alliance && (
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setPending({ kind: 'alliance', id: p.alliance!.alliance_id, name: p.alliance!.alliance_name, tag: p.alliance!.alliance_tag })}>
              Rename alliance
            </Button>
          )}
          {p.suspended ? (
            <Button size="xs" leftSection={<IconLockOpen size={14} />} onClick={() => setPending({ kind: 'unsuspend' })}>Unsuspend</Button>
          ) : (
            !p.is_operator && <Button size="xs" color="red" leftSection={<IconBan size={14} />} onClick={() => setPending({ kind: 'suspend' })}>Suspend</Button>
          )}
        </Group>
      </Group>
      <Account p={p} />
      <FairPlaySection userId={p.id} username={p.username} />
      <Section title="Multi-account signals" testId="player-signals">
        <Text fz="xs" c="dimmed">Accounts that signed up or signed in from one of this player's addresses. A shared address is a hint (a household, a campus), not proof.</Text>
        <Text fz="xs" c="dimmed" data-testid="addresses-kept">Addresses are kept for {p.addresses_kept_days} days: these signals look back that far and no further.</Text>
        <Rows head={['Account', 'Shared addresses']} empty="No other account shares an address."
          rows={p.shared_address_accounts.map((s) => [
            <UnstyledButton key="a" onClick={() => onOpen(s.id)}><Group gap={6}><Text fz="sm" fw={700} c="acid.4">{s.username}</Text><PlayerBadges player={{ ...s, is_operator: false }} /></Group></UnstyledButton>,
            s.addresses.join(', '),
          ])} />
        <Text fz="sm" fw={600}>Transports between these accounts (pushing)</Text>
        <Rows head={['When', 'From', 'To', 'Resources']} empty="No resources moved between them." minWidth={560}
          rows={p.transports.map((t) => [formatDate(t.delivered_at), t.sender, t.receiver, amounts(t.resources)])} />
      </Section>
      <Section title={`Territories (${p.territories.length})`}>
        <Rows head={['Name', 'Coordinates', '']} empty="No territories." minWidth={320}
          rows={p.territories.map((t) => [t.name, t.coords, <Button key="r" size="compact-xs" variant="light" leftSection={<IconPencil size={12} />} aria-label={`Rename ${t.name}`} onClick={() => setPending({ kind: 'territory', id: t.id, name: t.name })}>Rename</Button>])} />
      </Section>
      <Section title={`Fleets (${p.fleets.length})`}>
        <Rows head={['Mission', 'From', 'To', 'Units', 'Arrives']} empty="No fleets away." minWidth={560}
          rows={p.fleets.map((f) => [f.mission === 'RETURN' ? `return (${f.original_mission?.toLowerCase()})` : f.mission.toLowerCase(), f.from, f.to, formatNumber(f.units), f.arrival_time ? formatDate(f.arrival_time) : 'stationed'])} />
      </Section>
      {modal}
    </Stack>
  );
}
