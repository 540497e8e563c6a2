/**
 * The combat engine's version, stored with every battle. Bump it with any change of resolveBattle
 * (or of what it reads) that can alter an outcome: a stored battle is re-run only by the engine
 * version that fought it, and its stored report stays readable whatever the version.
 */
export const COMBAT_ENGINE_VERSION = 1;
