import { Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { usePlayerUi } from './player-ui-store';
import { PlayerName } from './player-name';

/** The position's owner (their profile card) and 'Write message', on lines of their own: the map's context menu shows it. */
export function OwnerLine({ owner, onDone }: { owner: { id: number; name: string }; onDone: () => void }) {
  const openCompose = usePlayerUi((s) => s.openCompose);
  return (
    <Stack px="xs" gap={4} data-testid="map-owner">
      <Text size="xs" truncate>
        Owner: <PlayerName id={owner.id} name={owner.name} />
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        fullWidth
        leftSection={<IconMail size={12} />}
        onClick={() => {
          openCompose(owner.name);
          onDone();
        }}
        data-testid="map-write-message"
      >
        Write message
      </Button>
    </Stack>
  );
}
