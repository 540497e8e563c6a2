import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { GameHeader } from './game-header';

/** A signed-in page outside the dashboard (the console, a battle's report): the game's header above its content. */
export function HeaderPage({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'xs', sm: 'md' }} withBorder>
      <AppShell.Header>
        <GameHeader />
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
