import type { UnmetPrerequisite } from '@brood/game-core';

/** 'Prerequisites not met: Builder Hive level 2, Echo Sensing level 1' */
export function prerequisitesSentence(unmet: readonly UnmetPrerequisite[]): string {
  const parts = unmet.map((u) => `${u.name} level ${u.required}`);
  return `Prerequisites not met: ${parts.join(', ')}`;
}
