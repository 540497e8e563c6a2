import { Text } from '@mantine/core';
import type { LevelGain } from '@brood/game-core';
import type { EffectKind } from '@brood/game-data';
import { formatNumber } from '../../lib/format';

type Names = Readonly<Partial<Record<string, { name: string }>>>;

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100);

/** The effect's name from the catalogue ('storage.fiber' -> 'Fiber storage' through 'storage.*'). */
function effectName(effect: string, kinds: Readonly<Record<string, EffectKind>>, resources: Names): { name: string; unit: EffectKind['unit'] } {
  const exact = kinds[effect];
  if (exact) return exact;
  const [family, resource] = effect.split('.');
  const wild = kinds[`${family}.*`];
  if (!wild || !resource) return { name: effect, unit: 'amount' };
  const name = wild.name.replace('{resource}', resources[resource]?.name ?? resource);
  return { name: name.charAt(0).toUpperCase() + name.slice(1), unit: wild.unit };
}

/** '+123 fiber/h', 'Construction speed +5%', 'Fiber storage +5,000': one more level's gain, in a player's words. */
export function gainText(gain: LevelGain, kinds: Readonly<Record<string, EffectKind>>, resources: Names): string {
  if (gain.kind === 'production') return `+${formatNumber(round(gain.perHour))} ${(resources[gain.resource]?.name ?? gain.resource).toLowerCase()}/h`;
  const { name, unit } = effectName(gain.effect, kinds, resources);
  const sign = gain.gain > 0 ? '+' : '';
  const suffix = unit === 'percent' ? '%' : unit === 'hours' ? ' h' : '';
  return `${name} ${sign}${formatNumber(round(gain.gain))}${suffix}`;
}

/** 'Next level: +123 fiber/h · Fiber storage +5,000' on a structure or technology card. */
export function LevelGains({ gains, kinds, resources }: { gains: readonly LevelGain[]; kinds: Readonly<Record<string, EffectKind>>; resources: Names }) {
  if (gains.length === 0) return null;
  return (
    <Text fz="xs" c="acid.3" data-testid="level-gains">
      Next level: {gains.map((g) => gainText(g, kinds, resources)).join(' · ')}
    </Text>
  );
}
