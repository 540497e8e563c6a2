import { Button, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { usePlayerUi } from './player-ui-store';
import { PlayerName } from './player-name';

/** A line naming a position's owner (their profile card) with 'Write message': the map's context menu shows it. */
export function OwnerLine({ owner, onDone }: { owner: { id: number; name: string }; onDone: () => void }) {
  const openCompose = usePlayerUi((s) => s.openCompose);
  return (
    <Group px="xs" gap={6} justify="space-between" wrap="nowrap" data-testid="map-owner">
      <Text size="xs" truncate>
        Owner: <PlayerName id={owner.id} name={owner.name} />
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconMail size={12} />}
        onClick={() => {
          openCompose(owner.name);
          onDone();
        }}
        data-testid="map-write-message"
      >
        Write message
      </Button>
    </Group>
  );
}
