import { createContext, useContext } from 'react';

export interface CardEnvironment {
  /** Runs after a map link switched to the Map tab (closes the centre, or leaves the page for the dashboard). */
  onNavigate?: () => void;
  /** The link that shares this report, when it is not the battle's own page (a Hall of Fame entry's: readable by anyone). */
  shareLink?: string;
}

export const CardEnvironmentContext = createContext<CardEnvironment>({});

export function useCardEnvironment(): CardEnvironment {
  return useContext(CardEnvironmentContext);
}
