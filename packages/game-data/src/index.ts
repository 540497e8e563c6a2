export * from './schema';
export { costAtLevel, baseTimeAtLevel, effectAtLevel, productionAtLevel, levelCap } from './curves';
export { loadCatalogue, validateCatalogue, rawCatalogue, CatalogueError } from './load';
export type { CatalogueOverrides } from './load';
export { findProblems, findCycles, reachability, knownEffectKeys } from './integrity';
export type { Problem, Reachability } from './integrity';
export { toClientGameData } from './client';
export type { ClientGameData } from './client';
