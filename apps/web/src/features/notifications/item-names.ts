import { useGameData } from '../territories';
import { humanize } from './content-shape';

export type NameOf = (key: string) => string;

interface Named {
  name?: unknown;
}

/** A lookup over catalogue tables; keys no table names are humanised. */
export function namesFrom(...tables: (Record<string, Named> | undefined)[]): NameOf {
  return (key) => {
    for (const table of tables) {
      const name = table?.[key]?.name;
      if (typeof name === 'string' && name) return name;
    }
    return humanize(key);
  };
}

/** Display names of resources, units, defenses, structures and technologies from the catalogue; keys humanised until it loads. */
export function useItemNames(): NameOf {
  const { data } = useGameData();
  return namesFrom(data?.resources, data?.units, data?.defenses, data?.structures, data?.technologies);
}
