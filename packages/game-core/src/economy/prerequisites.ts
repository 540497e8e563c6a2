import type { Catalogue, Prerequisites } from '@brood/game-data';
import type { Levels } from '../types';

export interface UnmetPrerequisite {
  readonly kind: 'structure' | 'technology';
  readonly key: string;
  /** the catalogue name, or 'Unknown: key' for a key the catalogue does not know */
  readonly name: string;
  readonly required: number;
  readonly current: number;
}

export interface PrerequisiteCheck {
  readonly met: boolean;
  readonly unmet: readonly UnmetPrerequisite[];
}

/**
 * Every structure level must be met by the territory's structures and every technology level by
 * the player's. Without a territory (`structures` null) every structure prerequisite is unmet. An
 * unknown key is always unmet.
 */
export function checkPrerequisites(
  catalogue: Catalogue,
  prerequisites: Prerequisites,
  levels: { readonly structures: Levels | null; readonly technologies: Levels },
): PrerequisiteCheck {
  const unmet: UnmetPrerequisite[] = [];
  const check = (kind: 'structure' | 'technology', req: Readonly<Record<string, number>>, have: Levels | null, known: Readonly<Record<string, { readonly name: string }>>) => {
    for (const [key, required] of Object.entries(req)) {
      const def = known[key];
      const current = have?.[key] ?? 0;
      if (!def || !have || current < required) {
        unmet.push({ kind, key, name: def ? def.name : `Unknown: ${key}`, required, current });
      }
    }
  };
  check('structure', prerequisites.structures, levels.structures, catalogue.structures);
  check('technology', prerequisites.technologies, levels.technologies, catalogue.technologies);
  return { met: unmet.length === 0, unmet };
}
