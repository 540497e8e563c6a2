import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { GameHeader, useHeaderHeight } from './game-header';

/** A signed-in page outside the dashboard (the console, a battle's report): the game's header above its content. */
export function HeaderPage({ children }: { children: ReactNode }) {
  // A guest's phone header has the expiry strip under the bar: the content starts below both.
  const headerHeight = useHeaderHeight();
  return (
    <AppShell header={{ height: headerHeight }} padding={{ base: 'xs', sm: 'md' }} withBorder>
      <AppShell.Header>
        <GameHeader />
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
