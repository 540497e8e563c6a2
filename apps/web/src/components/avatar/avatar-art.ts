/**
 * The player avatars (ids 1..n; n is the universe's `avatars`, 51 by default), drawn procedurally:
 * each id seeds a swarm creature (body silhouette, carapace bands, eyes, horns, tentacles or
 * mandibles) in its own hue. Pure: same id, same picture; no image files.
 */

/** The spec's count (core §9), used until the universe's own count has loaded. */
export const AVATAR_COUNT = 51;
export const avatarIds = (count: number): readonly number[] => Array.from({ length: count }, (_, i) => i + 1);
export const AVATAR_IDS: readonly number[] = avatarIds(AVATAR_COUNT);

export type AvatarShape =
  | { kind: 'path'; d: string; fill: string; stroke?: string; strokeWidth?: number; opacity?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string; stroke?: string; strokeWidth?: number; opacity?: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; fill: string; opacity?: number; rotate?: number };

export interface AvatarArt {
  id: number;
  /** Background gradient stops, inner to outer. */
  background: [string, string];
  /** The creature's glow colour (for the ring). */
  glow: string;
  shapes: AvatarShape[];
}

/** mulberry32: tiny deterministic PRNG so every id always draws the same creature. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1 ? `hsl(${h.toFixed(1)} ${s}% ${l}%)` : `hsl(${h.toFixed(1)} ${s}% ${l}% / ${a})`;
const n = (v: number) => Number(v.toFixed(2));

/** Closed organic outline: a circle whose radius ripples with `lobes` bumps, stretched vertically. */
function blobPath(cx: number, cy: number, radius: number, lobes: number, ripple: number, stretch: number, phase: number): string {
  const steps = 48;
  const points: string[] = [];
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    const r = radius + ripple * Math.sin(lobes * t + phase);
    points.push(`${n(cx + r * Math.cos(t))},${n(cy + r * Math.sin(t) * stretch)}`);
  }
  return `M${points[0]} L${points.slice(1).join(' L')} Z`;
}

const EYE_COLOURS = [
  [84, 100, 60], // acid
  [272, 100, 70], // violet
  [185, 100, 60], // cyan
  [40, 100, 60], // amber
  [345, 100, 65], // crimson
] as const;

export function avatarArt(id: number): AvatarArt {
  const safeId = Number.isInteger(id) && id >= 1 ? id : 1;
  const rand = prng(safeId * 2654435761);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  // Golden-angle hues: 51 well-separated colours.
  const hue = (safeId * 137.508) % 360;
  const shapes: AvatarShape[] = [];

  const cx = 32;
  const cy = 35;
  const radius = 13 + rand() * 3;
  const stretch = 1 + rand() * 0.3;
  const lobes = 3 + Math.floor(rand() * 5);
  const ripple = 0.8 + rand() * 1.8;
  const phase = rand() * Math.PI;
  const appendage = safeId % 3; // 0 tentacles, 1 mandibles, 2 spines: spreads kinds evenly over ids
  const hornStyle = Math.floor(rand() * 3); // 0 none, 1 horns, 2 antennae
  const bodyLight = 30 + Math.floor(rand() * 12);
  const skin = hsl(hue, 70, bodyLight);
  const shade = hsl(hue, 75, bodyLight - 14);
  const rim = hsl(hue, 90, 62);
  const limb = hsl(hue, 72, bodyLight - 4);

  // Appendages behind the body.
  if (appendage === 0) {
    const count = 3 + Math.floor(rand() * 3);
    for (let i = 0; i < count; i++) {
      const x = cx - 10 + (20 * i) / Math.max(1, count - 1);
      const sway = (rand() - 0.5) * 14;
      shapes.push({ kind: 'path', d: `M${n(x)},${cy + 8} Q${n(x + sway)},${cy + 18} ${n(x - sway * 0.6)},${cy + 26}`, fill: 'none', stroke: limb, strokeWidth: 3.2 });
    }
  } else if (appendage === 2) {
    const count = 5 + Math.floor(rand() * 4);
    for (let i = 0; i < count; i++) {
      const t = Math.PI * (0.15 + (0.7 * i) / (count - 1)) + Math.PI;
      const len = radius + 6 + rand() * 5;
      const bx = cx + Math.cos(t) * (radius - 2);
      const by = cy + Math.sin(t) * (radius - 2) * stretch;
      const tx = cx + Math.cos(t) * len;
      const ty = cy + Math.sin(t) * len * stretch;
      const side = 2.2;
      shapes.push({
        kind: 'path',
        d: `M${n(bx - Math.sin(t) * side)},${n(by + Math.cos(t) * side)} L${n(tx)},${n(ty)} L${n(bx + Math.sin(t) * side)},${n(by - Math.cos(t) * side)} Z`,
        fill: limb,
        stroke: rim,
        strokeWidth: 0.5,
      });
    }
  }

  if (hornStyle === 1) {
    const spread = 6 + rand() * 4;
    for (const dir of [-1, 1]) {
      shapes.push({
        kind: 'path',
        d: `M${n(cx + dir * spread)},${n(cy - radius * stretch + 4)} Q${n(cx + dir * (spread + 8))},${n(cy - radius * stretch - 4)} ${n(cx + dir * (spread + 4))},${n(cy - radius * stretch - 12)} Q${n(cx + dir * (spread + 2))},${n(cy - radius * stretch - 3)} ${n(cx + dir * (spread - 3))},${n(cy - radius * stretch + 3)} Z`,
        fill: limb,
      });
    }
  } else if (hornStyle === 2) {
    for (const dir of [-1, 1]) {
      const tipX = cx + dir * (8 + rand() * 6);
      const tipY = Math.max(7, cy - radius * stretch - 9 - rand() * 3);
      shapes.push({ kind: 'path', d: `M${cx + dir * 3},${n(cy - radius * stretch + 3)} Q${n(cx + dir * 4)},${n(tipY + 2)} ${n(tipX)},${n(tipY)}`, fill: 'none', stroke: limb, strokeWidth: 1.6 });
      shapes.push({ kind: 'circle', cx: n(tipX), cy: n(tipY), r: 2.2, fill: rim });
    }
  }

  // Body and carapace.
  shapes.push({ kind: 'path', d: blobPath(cx, cy, radius, lobes, ripple, stretch, phase), fill: skin, stroke: rim, strokeWidth: 1.1 });
  const bands = Math.floor(rand() * 3);
  for (let i = 0; i < bands; i++) {
    const y = cy + 4 + i * 4.5;
    const half = Math.sqrt(Math.max(0, (radius - 2) ** 2 - ((y - cy) / stretch) ** 2));
    shapes.push({ kind: 'path', d: `M${n(cx - half)},${n(y)} Q${cx},${n(y + 3)} ${n(cx + half)},${n(y)}`, fill: 'none', stroke: shade, strokeWidth: 1.4, opacity: 0.9 });
  }
  shapes.push({ kind: 'ellipse', cx: cx - radius * 0.35, cy: cy - radius * 0.45 * stretch, rx: radius * 0.35, ry: radius * 0.18, fill: 'white', opacity: 0.12, rotate: -25 });

  // Eyes: 1 to 5, in a row or a triangle.
  const [eh, es, el] = pick(EYE_COLOURS);
  const eyeColour = hsl(eh, es, el);
  const eyeCount = 1 + ((safeId + Math.floor(rand() * 5)) % 5);
  const eyeY = cy - 3 * stretch;
  const eyeSize = eyeCount === 1 ? 5.5 : eyeCount === 2 ? 4 : 3;
  for (let i = 0; i < eyeCount; i++) {
    const offset = eyeCount === 1 ? 0 : -8 + (16 * i) / (eyeCount - 1);
    const lift = eyeCount >= 3 && i % 2 === 1 ? -4 : 0;
    const ex = cx + offset;
    const ey = eyeY + lift;
    shapes.push({ kind: 'ellipse', cx: n(ex), cy: n(ey), rx: eyeSize + 1.4, ry: eyeSize + 1.4, fill: hsl(eh, es, el, 0.25) });
    shapes.push({ kind: 'ellipse', cx: n(ex), cy: n(ey), rx: eyeSize, ry: eyeSize * 0.8, fill: eyeColour });
    shapes.push({ kind: 'ellipse', cx: n(ex), cy: n(ey), rx: eyeSize * 0.22, ry: eyeSize * 0.7, fill: '#05070f' });
  }

  if (appendage === 1) {
    // Mandibles framing the mouth.
    const my = cy + 7 * stretch;
    for (const dir of [-1, 1]) {
      shapes.push({
        kind: 'path',
        d: `M${cx + dir * 5},${n(my)} Q${cx + dir * 11},${n(my + 5)} ${cx + dir * 3},${n(my + 11)} Q${cx + dir * 7},${n(my + 5)} ${cx + dir * 2},${n(my + 2)} Z`,
        fill: hsl(hue, 40, 80),
      });
    }
  } else {
    shapes.push({ kind: 'path', d: `M${cx - 4},${n(cy + 7 * stretch)} Q${cx},${n(cy + 10 * stretch)} ${cx + 4},${n(cy + 7 * stretch)}`, fill: 'none', stroke: shade, strokeWidth: 1.4 });
  }

  return {
    id: safeId,
    background: [hsl(hue, 55, 20), hsl((hue + 40) % 360, 60, 6)],
    glow: rim,
    shapes,
  };
}
