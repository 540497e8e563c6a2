import { Center, Loader, Stack, Text } from '@mantine/core';
import { BroodEmblem } from '../components/brand';

/** While a screen's code arrives (slow connections only: the router waits a second before showing it). */
export function RoutePending() {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="md">
        <BroodEmblem size={56} />
        <Loader type="dots" />
        <Text c="dimmed" fz="sm">
          Waking the hive...
        </Text>
      </Stack>
    </Center>
  );
}
