import { useId } from 'react';
import { resourceColor } from './resource-colors';
import { drawCreature, drawHive, drawNeuron, drawPod, drawSpire, drawWall } from './art-shapes';
import { tierHex } from './tiers';

/**
 * Original art for every catalogue entry, drawn procedurally: the key seeds a small PRNG, the kind
 * picks the body plan (pod or hive for structures, neuron for technologies, creature for units,
 * spire or wall for defenses), the tier and produced resource pick the colours. Same key, same picture.
 */

export type ArtKind = 'production' | 'facility' | 'technology' | 'unit' | 'defense' | 'wall';

export interface ItemArtProps {
  itemKey: string;
  kind: ArtKind;
  tier: number;
  /** Resource a producer yields: tints its glowing core. */
  resource?: string | undefined;
  size?: number;
  /** Accessible name (the entry's name). */
  label: string;
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: tiny, good enough for shapes. */
export function seededRandom(seed: string): () => number {
  let a = seedOf(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHAPES = { production: drawPod, facility: drawHive, technology: drawNeuron, unit: drawCreature, defense: drawSpire, wall: drawWall } as const;

export function ItemArt({ itemKey, kind, tier, resource, size = 72, label }: ItemArtProps) {
  const id = useId();
  const rand = seededRandom(`${kind}:${itemKey}`);
  const accent = tierHex(tier);
  const glow = resource ? resourceColor(resource) : accent;
  const draw = SHAPES[kind];
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={label} style={{ flex: 'none', display: 'block' }}>
      <defs>
        <radialGradient id={`${id}-bg`} cx="50%" cy="40%" r="70%">
          <stop offset="0%" stopColor={glow} stopOpacity={0.28} />
          <stop offset="100%" stopColor="#060a17" stopOpacity={0.95} />
        </radialGradient>
      </defs>
      <rect x={1} y={1} width={98} height={98} rx={16} fill={`url(#${id}-bg)`} stroke={accent} strokeOpacity={0.35} />
      {draw({ rand, accent, glow })}
    </svg>
  );
}
