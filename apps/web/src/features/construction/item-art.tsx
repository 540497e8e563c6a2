import { useId } from 'react';
import { resourceColor } from '../resources/resource-colors';
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
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** A closed organic blob around (cx, cy): radius wobbles per lobe. */
function blob(rand: Rand, cx: number, cy: number, radius: number, lobes: number, wobble: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * Math.PI * 2;
    const r = radius * (1 - wobble / 2 + rand() * wobble);
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  const mid = (p: [number, number], q: [number, number]) => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const first = mid(pts[pts.length - 1]!, pts[0]!);
  let d = `M${r1(first[0]!)},${r1(first[1]!)}`;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const m = mid(p, pts[(i + 1) % pts.length]!);
    d += ` Q${r1(p[0])},${r1(p[1])} ${r1(m[0]!)},${r1(m[1]!)}`;
  }
  return `${d} Z`;
}

function Production({ rand, glow, accent }: { rand: Rand; glow: string; accent: string }) {
  const veins = 3 + Math.floor(rand() * 4);
  return (
    <g>
      <path d={blob(rand, 50, 58, 30, 9, 0.25)} fill={accent} fillOpacity={0.35} stroke={accent} strokeWidth={1.5} />
      {Array.from({ length: veins }, (_, i) => {
        const a = -Math.PI / 2 + (i - (veins - 1) / 2) * 0.45;
        const x = 50 + Math.cos(a) * 34;
        const y = 58 + Math.sin(a) * 34;
        return <path key={i} d={`M50,58 Q${r1(50 + (x - 50) * 0.4 + rand() * 8 - 4)},${r1(58 + (y - 58) * 0.6)} ${r1(x)},${r1(y)}`} stroke={accent} strokeWidth={1.2} fill="none" strokeOpacity={0.8} />;
      })}
      <circle cx={50} cy={58} r={10 + rand() * 5} fill={glow} opacity={0.9} />
      <circle cx={47} cy={55} r={3} fill="#fff" opacity={0.6} />
    </g>
  );
}

function Facility({ rand, accent }: { rand: Rand; accent: string }) {
  const ribs = 3 + Math.floor(rand() * 3);
  const openings = 1 + Math.floor(rand() * 3);
  return (
    <g>
      <path d="M14,84 Q14,26 50,20 Q86,26 86,84 Z" fill={accent} fillOpacity={0.28} stroke={accent} strokeWidth={1.5} />
      {Array.from({ length: ribs }, (_, i) => {
        const x = 14 + ((i + 1) * 72) / (ribs + 1);
        return <path key={i} d={`M${r1(x)},84 Q${r1(x + (50 - x) * 0.3)},${r1(30 + rand() * 10)} 50,21`} stroke={accent} strokeOpacity={0.7} fill="none" />;
      })}
      {Array.from({ length: openings }, (_, i) => (
        <ellipse key={i} cx={r1(30 + i * 20 + rand() * 6)} cy={r1(62 + rand() * 10)} rx={4 + rand() * 3} ry={6 + rand() * 3} fill="#05070f" stroke={accent} strokeOpacity={0.8} />
      ))}
      <path d="M8,86 Q50,78 92,86" stroke={accent} strokeWidth={2} fill="none" strokeOpacity={0.6} />
    </g>
  );
}

function Neuron({ rand, accent }: { rand: Rand; accent: string }) {
  const branches = 5 + Math.floor(rand() * 4);
  return (
    <g>
      {Array.from({ length: branches }, (_, i) => {
        const a = (i / branches) * Math.PI * 2 + rand() * 0.5;
        const len = 26 + rand() * 12;
        const x = 50 + Math.cos(a) * len;
        const y = 50 + Math.sin(a) * len;
        const bend = a + (rand() - 0.5);
        return (
          <g key={i}>
            <path d={`M50,50 Q${r1(50 + Math.cos(bend) * len * 0.6)},${r1(50 + Math.sin(bend) * len * 0.6)} ${r1(x)},${r1(y)}`} stroke={accent} strokeWidth={1.6} fill="none" />
            <circle cx={r1(x)} cy={r1(y)} r={2 + rand() * 2.5} fill={accent} />
          </g>
        );
      })}
      <path d={blob(rand, 50, 50, 13, 7, 0.3)} fill={accent} fillOpacity={0.45} stroke={accent} />
      <circle cx={50} cy={50} r={5} fill="#fff" opacity={0.75} />
    </g>
  );
}

function Creature({ rand, accent }: { rand: Rand; accent: string }) {
  const segments = 2 + Math.floor(rand() * 3);
  const legs = 2 + Math.floor(rand() * 3);
  const winged = rand() > 0.5;
  const step = 56 / segments;
  return (
    <g>
      {winged && (
        <g fill={accent} fillOpacity={0.18} stroke={accent} strokeOpacity={0.6}>
          <path d={`M48,46 Q${r1(20 - rand() * 8)},${r1(16 + rand() * 10)} 14,52 Q30,50 48,52 Z`} />
          <path d={`M52,46 Q${r1(80 + rand() * 8)},${r1(16 + rand() * 10)} 86,52 Q70,50 52,52 Z`} />
        </g>
      )}
      {Array.from({ length: legs }, (_, i) => {
        const y = 46 + i * (22 / legs);
        const reach = 22 + rand() * 10;
        return (
          <g key={i} stroke={accent} strokeWidth={1.6} fill="none" strokeLinecap="round">
            <path d={`M46,${r1(y)} l${r1(-reach * 0.6)},${r1(-6 + rand() * 4)} l${r1(-reach * 0.4)},${r1(10 + rand() * 6)}`} />
            <path d={`M54,${r1(y)} l${r1(reach * 0.6)},${r1(-6 + rand() * 4)} l${r1(reach * 0.4)},${r1(10 + rand() * 6)}`} />
          </g>
        );
      })}
      {Array.from({ length: segments }, (_, i) => (
        <ellipse key={i} cx={50} cy={r1(30 + i * step + step / 2)} rx={r1(10 + rand() * 8 - i * 1.5)} ry={r1(step / 2 + 2)} fill={accent} fillOpacity={0.4 + i * 0.1} stroke={accent} />
      ))}
      <path d={`M44,24 Q40,${r1(12 - rand() * 4)} 46,10 M56,24 Q60,${r1(12 - rand() * 4)} 54,10`} stroke={accent} strokeWidth={2} fill="none" strokeLinecap="round" />
      <circle cx={46} cy={28} r={1.8} fill="#fff" />
      <circle cx={54} cy={28} r={1.8} fill="#fff" />
    </g>
  );
}

function Spire({ rand, accent }: { rand: Rand; accent: string }) {
  const spikes = 3 + Math.floor(rand() * 4);
  const lean = rand() * 10 - 5;
  return (
    <g>
      <path d={`M32,86 Q${r1(40 + lean)},50 ${r1(50 + lean)},12 Q${r1(60 + lean)},50 68,86 Z`} fill={accent} fillOpacity={0.4} stroke={accent} strokeWidth={1.5} />
      {Array.from({ length: spikes }, (_, i) => {
        const y = 30 + i * (48 / spikes);
        const side = i % 2 === 0 ? -1 : 1;
        const x = 50 + lean * (1 - y / 86) + side * (6 + (y - 12) * 0.18);
        return <path key={i} d={`M${r1(x)},${r1(y)} l${r1(side * (8 + rand() * 8))},${r1(-4 - rand() * 6)} l${r1(-side * 4)},${r1(8)}`} fill={accent} fillOpacity={0.7} />;
      })}
      <circle cx={r1(50 + lean * 0.8)} cy={24} r={3 + rand() * 2} fill="#fff" opacity={0.7} />
      <path d="M20,88 Q50,80 80,88" stroke={accent} strokeWidth={2} fill="none" strokeOpacity={0.6} />
    </g>
  );
}

function Wall({ rand, accent }: { rand: Rand; accent: string }) {
  const layers = 2 + Math.floor(rand() * 3);
  return (
    <g>
      {Array.from({ length: layers }, (_, i) => (
        <path key={i} d={`M${10 + i * 4},80 Q50,${r1(14 + i * 12 + rand() * 6)} ${90 - i * 4},80`} fill={accent} fillOpacity={0.18 + i * 0.1} stroke={accent} strokeWidth={1.4} />
      ))}
      {Array.from({ length: 5 }, (_, i) => (
        <circle key={i} cx={22 + i * 14} cy={r1(70 - Math.sin((i / 4) * Math.PI) * 18)} r={1.5 + rand() * 2} fill="#fff" opacity={0.5} />
      ))}
    </g>
  );
}

export function ItemArt({ itemKey, kind, tier, resource, size = 72, label }: ItemArtProps) {
  const id = useId();
  const rand = rng(seedOf(`${kind}:${itemKey}`));
  const accent = tierHex(tier);
  const glow = resource ? resourceColor(resource) : accent;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={label} style={{ flex: 'none', display: 'block' }}>
      <defs>
        <radialGradient id={`${id}-bg`} cx="50%" cy="40%" r="70%">
          <stop offset="0%" stopColor={glow} stopOpacity={0.28} />
          <stop offset="100%" stopColor="#060a17" stopOpacity={0.95} />
        </radialGradient>
      </defs>
      <rect x={1} y={1} width={98} height={98} rx={16} fill={`url(#${id}-bg)`} stroke={accent} strokeOpacity={0.35} />
      {kind === 'production' && <Production rand={rand} glow={glow} accent={accent} />}
      {kind === 'facility' && <Facility rand={rand} accent={accent} />}
      {kind === 'technology' && <Neuron rand={rand} accent={accent} />}
      {kind === 'unit' && <Creature rand={rand} accent={accent} />}
      {kind === 'defense' && <Spire rand={rand} accent={accent} />}
      {kind === 'wall' && <Wall rand={rand} accent={accent} />}
    </svg>
  );
}
