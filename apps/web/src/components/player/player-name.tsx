import type { ReactNode } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useAuthStore } from '../../stores/auth-store';
import { usePlayerUi } from './player-ui-store';

export interface PlayerNameProps {
  id: number;
  name: string;
  /** What is shown instead of the plain name (a styled name, say); the name stays the accessible label. */
  children?: ReactNode;
}

/**
 * A player's name wherever one is shown: a button that opens their profile card ('Write message', 'Add
 * buddy', 'Block'). The name is text, never markup.
 */
export function PlayerName({ id, name, children }: PlayerNameProps) {
  const openPlayer = usePlayerUi((s) => s.openPlayer);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  // A visitor (a shared Hall of Fame link) reads the name only: profiles are for signed-in players.
  if (!signedIn) return <>{children ?? name}</>;
  return (
    <UnstyledButton
      component="span"
      role="button"
      tabIndex={0}
      data-player-name={id}
      title={`${name}: profile`}
      aria-label={`${name}: open profile`}
      onClick={(e) => {
        e.stopPropagation();
        openPlayer(id);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          openPlayer(id);
        }
      }}
      style={{ color: 'inherit', font: 'inherit', textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'pointer' }}
    >
      {children ?? name}
    </UnstyledButton>
  );
}
