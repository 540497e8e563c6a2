import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BroodLogo } from './brand';
import { BroodAvatar } from './avatar/brood-avatar';
import classes from './auth-layout.module.css';

const ORBIT = [7, 22, 38, 14, 46, 3];

/**
 * The decorative swarm (eleven drawn avatars) comes just after the page: the first paint is the form,
 * and the art is drawn in slices afterwards (its rows keep their height, so nothing moves).
 */
function useArtAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}

/** Sign-in and registration frame: the swarm's pitch on the left, the form card on the right (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const art = useArtAfterFirstPaint();
  return (
    <Box className={classes.page}>
      <Box className={classes.hero}>
        <BroodLogo size={44} />
        <Title order={1} className={classes.tagline}>
          Grow the swarm.
          <br />
          <Text component="span" inherit c="acid.4">
            Devour the stars.
          </Text>
        </Title>
        <Text c="dark.1" fz="lg" maw={460} visibleFrom="sm">
          Seed a hive on the galactic grid, evolve chitin and psionics, breed living fleets and
          strike rival broods alone or with your alliance.
        </Text>
        <Group gap="sm" className={classes.orbit} visibleFrom="sm" mih={64} aria-hidden>
          {art && ORBIT.map((id, index) => (
            <Box key={id} className={classes.orbiter} style={{ animationDelay: `${index * -1.3}s` }}>
              <BroodAvatar avatarId={id} size={index % 2 === 0 ? 64 : 52} />
            </Box>
          ))}
        </Group>
      </Box>
      <Box component="main" className={classes.formSide}>
        <Paper className={`${classes.card} bs-glass`} p={{ base: 'lg', sm: 'xl' }} shadow="xl">
          <Stack gap="md">{children}</Stack>
        </Paper>
      </Box>
      <Stack hiddenFrom="sm" align="center" gap="xs" aria-hidden>
        <Group gap={10} justify="center" mih={48}>
          {art && ORBIT.slice(0, 5).map((id, index) => (
            <Box key={id} className={classes.orbiter} style={{ animationDelay: `${index * -1.3}s` }}>
              <BroodAvatar avatarId={id} size={index === 2 ? 48 : 38} />
            </Box>
          ))}
        </Group>
        <Text c="dimmed" fz="xs" ta="center" maw={300}>
          Breed living fleets and strike rival broods, alone or with your alliance.
        </Text>
      </Stack>
    </Box>
  );
}
