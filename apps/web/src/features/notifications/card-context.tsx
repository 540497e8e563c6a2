import { createContext, useContext } from 'react';

export interface CardEnvironment {
  /** Runs after a map link switched to the Map tab (closes the centre, or leaves the page for the dashboard). */
  onNavigate?: () => void;
}

export const CardEnvironmentContext = createContext<CardEnvironment>({});

export function useCardEnvironment(): CardEnvironment {
  return useContext(CardEnvironmentContext);
}
