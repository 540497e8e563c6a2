import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { MARKER_LEGEND, MARKERS, type PlayerMarker } from '@brood/game-core';

/** 'n s' as a player name's suffix, or '' for none. */
export const markerSuffix = (markers: readonly PlayerMarker[]): string => (markers.length === 0 ? '' : ` (${markers.join(' ')})`);

const COLOR: Record<PlayerMarker, string> = { n: 'green', s: 'orange', v: 'cyan', i: 'gray', I: 'gray' };

/** A player's markers as small badges, each explaining itself on hover. */
export function PlayerMarkers({ markers }: { markers: readonly PlayerMarker[] }) {
  if (markers.length === 0) return null;
  return (
    <Group gap={2} wrap="nowrap" component="span" data-testid="player-markers">
      {markers.map((m) => (
        <Tooltip key={m} label={MARKER_LEGEND[m]} withArrow>
          <Badge size="xs" variant="light" color={COLOR[m]} radius="sm" px={4} style={{ textTransform: 'none' }}>
            {m}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The legend every list of markers shows (map, highscores, fleets). */
export function MarkerLegend() {
  return (
    <Group gap="sm" wrap="wrap" data-testid="marker-legend">
      {MARKERS.map((m) => (
        <Text key={m} size="xs" c="dimmed">
          <Text span ff="monospace" fw={700} c={`${COLOR[m]}.4`}>
            {m}
          </Text>{' '}
          {MARKER_LEGEND[m]}
        </Text>
      ))}
    </Group>
  );
}
