import type { Catalogue, Prerequisites } from '@brood/game-data';

/** A structure that gives an effect, what it needs, and the research chain behind those needs. */
export interface EffectSource {
  readonly key: string;
  readonly name: string;
  /** 'Swarm Synapse 1 and Kinship Bonds 1': the structure's own prerequisites, by name. */
  readonly needs: string;
  /** Every technology it takes, prerequisites before what needs them: 'Pheromone Signalling 1', 'Kinship Bonds 1'. */
  readonly research: readonly string[];
}

type Names = Pick<Catalogue, 'structures' | 'technologies'>;

const listed = (parts: readonly string[]): string => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** Every technology behind a set of prerequisites (through structures' and technologies' own), deepest first, each at the highest level asked. */
export function researchChain(catalogue: Names, prerequisites: Prerequisites): { key: string; level: number }[] {
  const levels = new Map<string, number>();
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (p: Prerequisites) => {
    for (const key of Object.keys(p.structures)) {
      if (seen.has(`s:${key}`)) continue;
      seen.add(`s:${key}`);
      const def = catalogue.structures[key];
      if (def) visit(def.prerequisites);
    }
    for (const [key, level] of Object.entries(p.technologies)) {
      levels.set(key, Math.max(levels.get(key) ?? 0, level));
      if (seen.has(`t:${key}`)) continue;
      seen.add(`t:${key}`);
      const def = catalogue.technologies[key];
      if (def) visit(def.prerequisites);
      order.push(key);
    }
  };
  visit(prerequisites);
  return order.map((key) => ({ key, level: levels.get(key) ?? 1 }));
}

/** The structures whose levels give `effect` (allied_fleet_slots, storage.ossian), each with what it takes to build. */
export function effectSources(catalogue: Names, effect: string): EffectSource[] {
  return Object.entries(catalogue.structures)
    .filter(([, def]) => def.effects.some((e) => e.effect === effect))
    .map(([key, def]) => ({
      key,
      name: def.name,
      needs: listed([
        ...Object.entries(def.prerequisites.structures).map(([k, l]) => `${catalogue.structures[k]?.name ?? k} ${l}`),
        ...Object.entries(def.prerequisites.technologies).map(([k, l]) => `${catalogue.technologies[k]?.name ?? k} ${l}`),
      ]),
      research: researchChain(catalogue, def.prerequisites).map(({ key: k, level }) => `${catalogue.technologies[k]?.name ?? k} ${level}`),
    }));
}

/**
 * What a host needs for an allied fleet slot, in a sentence for the refused sender: 'Each level of
 * Kin Beacon there gives one; Kin Beacon needs Swarm Synapse 1 and Kinship Bonds 1 (research:
 * Pheromone Signalling 1, then Kinship Bonds 1).'
 */
export function alliedSlotNeeds(catalogue: Names): string {
  const sources = effectSources(catalogue, 'allied_fleet_slots');
  if (sources.length === 0) return 'No structure gives allied fleet slots in this universe.';
  return sources
    .map((s) => {
      const research = s.research.length > 0 ? ` (research: ${s.research.join(', then ')})` : '';
      return `Each level of ${s.name} there gives one slot${s.needs ? `; ${s.name} needs ${s.needs}${research}` : ''}.`;
    })
    .join(' ');
}
