import { Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp, IconChevronDown, IconChevronRight, IconHomeCancel, IconUserPlus } from '@tabler/icons-react';
import { ProgressBar } from '../../components/progress-bar';
import { formatCoordinates, formatDate, formatNumber } from '../../lib/format';
import type { NameOf } from '../movements';
import { groupSize, missionTone, movementLabel, type MovementLike, movementProgress, movementStatus, quantityText, routeOf, TONE_COLORS } from '../movements';

function Place({ name, coords }: { name: string | null; coords: readonly [number, number, number] }) {
  return (
    <Text span size="sm">
      <Text span fw={600}>
        {name ?? 'Unclaimed'}
      </Text>{' '}
      <Text span ff="monospace" c="dimmed" size="xs">
        {formatCoordinates(coords)}
      </Text>
    </Text>
  );
}

/** One card of the army movements panel (social 2.7, 4.6): route, progress, status, details, actions. */
export function MovementCard({
  movement: m,
  now,
  nameOf,
  actions,
  onRecall,
  onCancelStationing,
  onInvite,
}: {
  movement: MovementLike;
  now: number;
  nameOf: NameOf;
  actions: { recall: boolean; cancelStationing: boolean; invite?: boolean };
  onRecall: () => void;
  onCancelStationing: () => void;
  onInvite?: () => void;
}) {
  const [open, { toggle }] = useDisclosure(false);
  const color = TONE_COLORS[missionTone(m)];
  const { from, to } = routeOf(m);
  const fromName = m.is_returning ? m.target_territory_name : m.start_territory_name;
  const toName = m.is_returning ? m.start_territory_name : m.target_territory_name;
  const progress = movementProgress(m, now);
  const group = groupSize(m);
  return (
    <Paper withBorder p="sm" radius="md" bg="rgba(0,0,0,0.22)" style={{ borderLeft: `3px solid ${color}` }} data-testid="movement-card" data-movement-id={m.id} data-mission={m.mission_type}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge variant="light" style={{ color, background: `${color}22` }}>
            {movementLabel(m)}
          </Badge>
          <Text size="sm" ff="monospace" fw={700} data-testid="movement-status">
            {movementStatus(m, now)}
          </Text>
        </Group>
        <Text size="sm" lh={1.4}>
          <Place name={fromName} coords={from} /> → <Place name={toName} coords={to} />
        </Text>
        {!m.is_own_fleet && (
          <Text size="xs" c={m.is_attacking_player ? 'red.4' : 'dimmed'}>
            {m.is_attacking_player ? 'Hostile fleet of ' : 'Fleet of '}
            {m.username}
          </Text>
        )}
        {group && (
          <Text size="xs" c="red.3" data-testid="movement-group">
            {m.is_multi_party_initiator ? 'Leading a group attack' : 'In a group attack'} · {group} players
          </Text>
        )}
        <ProgressBar value={progress} color={color} size="sm" label="Flight progress" data-testid="movement-progress" />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <UnstyledButton onClick={toggle} aria-expanded={open}>
            <Group gap={4}>
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="xs">Details</Text>
            </Group>
          </UnstyledButton>
          <Group gap="xs">
            {actions.invite && onInvite && (
              <Button size="compact-xs" variant="light" color="red" leftSection={<IconUserPlus size={14} />} onClick={onInvite} data-testid="invite-to-attack">
                Invite
              </Button>
            )}
            {actions.recall && (
              <Button size="compact-xs" variant="light" color="orange" leftSection={<IconArrowBackUp size={14} />} onClick={onRecall} data-testid="recall-fleet">
                Recall
              </Button>
            )}
            {actions.cancelStationing && (
              <Button size="compact-xs" variant="light" color="red" leftSection={<IconHomeCancel size={14} />} onClick={onCancelStationing} data-testid="cancel-stationing">
                Cancel stationing
              </Button>
            )}
          </Group>
        </Group>
        <Collapse expanded={open}>
          <SimpleGrid cols={2} spacing={4} data-testid="movement-details">
            <Text size="xs" c="dimmed">Owner</Text>
            <Text size="xs">{m.username}</Text>
            <Text size="xs" c="dimmed">Departure</Text>
            <Text size="xs">{formatDate(m.start_time)}</Text>
            <Text size="xs" c="dimmed">Arrival</Text>
            <Text size="xs">{m.arrival_time ? formatDate(m.arrival_time) : movementStatus(m, now)}</Text>
            {m.units.map((u) => [
              <Text key={`${u.unit_key}-k`} size="xs" c="dimmed">{nameOf('unit', u.unit_key)}</Text>,
              <Text key={`${u.unit_key}-v`} size="xs" ff="monospace">{quantityText(u.quantity)}</Text>,
            ])}
            {m.resources.map((r) => [
              <Text key={`${r.resource_key}-k`} size="xs" c="dimmed">{nameOf('resource', r.resource_key)}</Text>,
              <Text key={`${r.resource_key}-v`} size="xs" ff="monospace">{r.amount === null ? 'Hidden' : formatNumber(r.amount)}</Text>,
            ])}
          </SimpleGrid>
        </Collapse>
      </Stack>
    </Paper>
  );
}
