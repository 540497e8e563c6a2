import { Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBan, IconMail, IconUserPlus } from '@tabler/icons-react';
import { BroodAvatar } from '../../components/avatar/brood-avatar';
import { useTRPC } from '../../trpc';
import { useAuthStore } from '../../stores/auth-store';
import { usePlayerUi } from '../../components/player/player-ui-store';
import { PlayerMarkers, usePlayerMarkers } from '../fair-play';
import { useSocialActions, type PlayerProfile } from './use-messages';

const CATEGORY_LABELS = { total_score: 'Total', building_score: 'Building', research_score: 'Research', unit_score: 'Units', defense_score: 'Defense' } as const;
const BUDDY_LABELS = { buddy: 'Buddies', incoming: 'Wants to be your buddy', outgoing: 'Buddy request sent' } as const;

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US');

/** Fair play's markers for this player as the viewer reads them ('n', 's', 'v', 'i', 'I'), each explained on hover. */
function ProfileMarkers({ id }: { id: number }) {
  const markers = usePlayerMarkers([id]).get(id) ?? [];
  if (markers.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="player-card-markers">
      <Text fz="xs" c="dimmed">Fair play:</Text>
      <PlayerMarkers markers={markers} />
    </Group>
  );
}

function ProfileBody({ player }: { player: PlayerProfile }) {
  const me = useAuthStore((s) => s.currentUser?.id);
  const openCompose = usePlayerUi((s) => s.openCompose);
  const social = useSocialActions();
  const self = me === player.id;
  const whySelf = 'This is you.';
  return (
    <Stack gap="sm" data-testid="player-card">
      <Group wrap="nowrap">
        <BroodAvatar avatarId={player.avatar_id} size={56} label={player.username} />
        <Stack gap={2} miw={0}>
          <Text fw={700} fz="lg" truncate data-testid="player-card-name">
            {player.alliance_tag ? `[${player.alliance_tag}] ` : ''}
            {player.username}
          </Text>
          <Text fz="sm" c="dimmed">
            Member since {dateOf(player.member_since)}
          </Text>
          {player.buddy !== 'none' && <Badge variant="light" size="sm">{BUDDY_LABELS[player.buddy]}</Badge>}
        </Stack>
      </Group>
      <ProfileMarkers id={player.id} />
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={6}>
        {player.scores.map((s) => (
          <Stack key={s.category} gap={0} className="bs-glass" p={6}>
            <Text fz={11} c="dimmed" tt="uppercase">{CATEGORY_LABELS[s.category]}</Text>
            <Text fz="sm" fw={600}>{s.rank === null ? 'N/A' : `#${s.rank}`}</Text>
            <Text fz="xs" c="dimmed">{Math.round(s.points).toLocaleString('en-US')} points</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text fz="sm">
        Territories:{' '}
        {player.territories.length === 0 ? 'none' : player.territories.map((t) => `${t.region}:${t.sub_region}:${t.position}`).join(', ')}
      </Text>
      <Group gap="xs">
        <Button size="xs" leftSection={<IconMail size={14} />} disabled={self} title={self ? whySelf : undefined} onClick={() => openCompose(player.username)}>
          Write message
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserPlus size={14} />}
          disabled={self || player.buddy !== 'none' || social.request.isPending}
          title={self ? whySelf : player.buddy !== 'none' ? BUDDY_LABELS[player.buddy] : undefined}
          onClick={() => social.request.mutate({ username: player.username })}
        >
          Add buddy
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconBan size={14} />}
          disabled={self || social.block.isPending || social.unblock.isPending}
          title={self ? whySelf : undefined}
          onClick={() => (player.is_blocked ? social.unblock : social.block).mutate({ id: player.id })}
        >
          {player.is_blocked ? 'Unblock' : 'Block'}
        </Button>
      </Group>
      {player.is_blocked && (
        <Text fz="xs" c="dimmed" data-testid="player-blocked">
          Blocked: their messages and buddy requests no longer reach you.
        </Text>
      )}
    </Stack>
  );
}

/** The profile card of the player whose name was clicked, mounted once by the header. */
export function PlayerCardModal() {
  const trpc = useTRPC();
  const { playerId, closePlayer } = usePlayerUi();
  const query = useQuery({ ...trpc.players.get.queryOptions({ id: playerId ?? 0 }), enabled: playerId !== null });
  return (
    <Modal opened={playerId !== null} onClose={closePlayer} title="Player profile" centered>
      {query.data ? (
        <ProfileBody player={query.data} />
      ) : query.isError ? (
        <Text c="red">Failed to load this player. Please try again later.</Text>
      ) : (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      )}
    </Modal>
  );
}
