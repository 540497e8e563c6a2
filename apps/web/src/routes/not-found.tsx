import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { BroodEmblem } from '../components/brand';

export const NOT_FOUND_TEXT = 'Oops! The page you are looking for does not exist.';

/** Any path the router does not know. */
export function NotFoundPage() {
  useDocumentTitle('Lost in space · Broodspace');
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <BroodEmblem size={88} />
        <Title order={1} fz={{ base: 56, sm: 80 }} className="bs-title-glow" c="acid.4">
          404
        </Title>
        <Text fz="lg">{NOT_FOUND_TEXT}</Text>
        <Text c="dimmed" fz="sm">
          This sector of space is empty. Even the swarm found nothing to eat here.
        </Text>
        <Button component={Link} to="/" size="md">
          Go to the homepage
        </Button>
      </Stack>
    </Center>
  );
}
