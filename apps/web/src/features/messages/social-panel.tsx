import { useState } from 'react';
import { ActionIcon, Button, Group, Indicator, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTRPC } from '../../trpc';
import { PlayerName } from '../../components/player/player-name';
import { useBuddies, useSocialActions } from './use-messages';

/** The buddy list: requests by name, accept or decline, remove; a buddy's dot is green while they are online. */
export function BuddyPanel() {
  const { data, isLoading } = useBuddies();
  const social = useSocialActions();
  const [name, setName] = useState('');
  return (
    <Paper p="sm" withBorder className="bs-glass" data-testid="buddies">
      <Stack gap="xs">
        <Text fw={600}>Buddies</Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput size="xs" placeholder="Player name" value={name} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: 1 }} aria-label="Buddy name" />
          <Button size="xs" disabled={!name.trim()} title={name.trim() ? undefined : 'Type a player name first.'} onClick={() => social.request.mutate({ username: name }, { onSuccess: () => setName('') })}>
            Add
          </Button>
        </Group>
        {isLoading && <Loader size="xs" />}
        {data && data.buddies.length === 0 && data.requests.length === 0 && <Text fz="sm" c="dimmed">No buddies yet.</Text>}
        {data?.buddies.map((b) => (
          <Group key={b.id} justify="space-between" wrap="nowrap" data-testid="buddy">
            <Group gap={8} wrap="nowrap">
              <Indicator color={b.online ? 'green' : 'gray'} size={8} position="middle-start" offset={-8} processing={b.online}>
                <span />
              </Indicator>
              <Text fz="sm"><PlayerName id={b.user_id} name={b.username} /></Text>
              <Text fz="xs" c="dimmed">{b.online ? 'online' : 'offline'}</Text>
            </Group>
            <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove ${b.username}`} onClick={() => social.remove.mutate({ id: b.id })}>
              <IconX size={14} />
            </ActionIcon>
          </Group>
        ))}
        {data?.requests.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" data-testid="buddy-request">
            <Text fz="sm">
              <PlayerName id={r.user_id} name={r.username} /> <Text span fz="xs" c="dimmed">{r.direction === 'incoming' ? 'wants to be your buddy' : 'request sent'}</Text>
            </Text>
            {r.direction === 'incoming' ? (
              <Group gap={4} wrap="nowrap">
                <ActionIcon size="sm" variant="light" color="green" aria-label={`Accept ${r.username}`} onClick={() => social.accept.mutate({ id: r.id })}>
                  <IconCheck size={14} />
                </ActionIcon>
                <ActionIcon size="sm" variant="light" color="red" aria-label={`Decline ${r.username}`} onClick={() => social.decline.mutate({ id: r.id })}>
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ) : (
              <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Withdraw request to ${r.username}`} onClick={() => social.remove.mutate({ id: r.id })}>
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Find a player by name (start or part of it); each result opens the profile card. */
export function PlayerSearch() {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 250);
  const { data, isFetching } = useQuery({ ...trpc.players.search.queryOptions({ search }), enabled: search.length > 0 });
  return (
    <Paper p="sm" withBorder className="bs-glass">
      <Stack gap="xs">
        <Text fw={600}>Find a player</Text>
        <TextInput size="xs" placeholder="Name or part of it" value={text} onChange={(e) => setText(e.currentTarget.value)} aria-label="Search players" rightSection={isFetching ? <Loader size={12} /> : null} />
        {search && data?.players.length === 0 && <Text fz="sm" c="dimmed">No players found.</Text>}
        {data?.players.map((p) => (
          <Group key={p.id} justify="space-between" wrap="nowrap">
            <Text fz="sm" truncate>
              {p.alliance_tag ? `[${p.alliance_tag}] ` : ''}
              <PlayerName id={p.id} name={p.username} />
            </Text>
            <Text fz="xs" c="dimmed">{p.rank === null ? 'N/A' : `#${p.rank}`}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
