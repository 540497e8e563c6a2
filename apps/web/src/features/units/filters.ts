/**
 * Archetype and capability filter chips of the units and defenses tabs (core §2). 'Neutral' is never
 * offered as a chip. With chips on, an entry must have one of the chosen archetypes (if any) and one
 * of the chosen capabilities (if any).
 */

export const HIDDEN_ARCHETYPE = 'Neutral';

export interface Filterable {
  archetype: string;
  capabilities: readonly string[];
}

export interface Filters {
  archetypes: readonly string[];
  capabilities: readonly string[];
}

export const NO_FILTERS: Filters = { archetypes: [], capabilities: [] };

/** The chips to offer: archetypes and capabilities that occur, in first-seen order, Neutral left out. */
export function filterOptions(entries: readonly Filterable[]): Filters {
  const archetypes = new Set<string>();
  const capabilities = new Set<string>();
  for (const e of entries) {
    if (e.archetype !== HIDDEN_ARCHETYPE) archetypes.add(e.archetype);
    for (const c of e.capabilities) capabilities.add(c);
  }
  return { archetypes: [...archetypes], capabilities: [...capabilities] };
}

export function matchesFilters(entry: Filterable, filters: Filters): boolean {
  if (filters.archetypes.length > 0 && !filters.archetypes.includes(entry.archetype)) return false;
  if (filters.capabilities.length > 0 && !entry.capabilities.some((c) => filters.capabilities.includes(c))) return false;
  return true;
}

export function hasFilters(filters: Filters): boolean {
  return filters.archetypes.length > 0 || filters.capabilities.length > 0;
}

/** 'FIRST_STRIKE' -> 'First Strike'. */
export function capabilityLabel(capability: string): string {
  return capability
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
