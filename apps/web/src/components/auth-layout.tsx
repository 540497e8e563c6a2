import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BroodLogo } from './brand';
import { BroodAvatar } from './avatar/brood-avatar';
import classes from './auth-layout.module.css';

const ORBIT = [7, 22, 38, 14, 46, 3];

/** Sign-in and registration frame: the swarm's pitch on the left, the form card on the right (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
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
        <Group gap="sm" className={classes.orbit} visibleFrom="sm" aria-hidden>
          {ORBIT.map((id, index) => (
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
        <Group gap={10} justify="center">
          {ORBIT.slice(0, 5).map((id, index) => (
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
