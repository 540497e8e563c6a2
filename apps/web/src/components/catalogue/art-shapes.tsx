/**
 * The body plans of the procedural art. Each draws in a 100 x 100 box from a seeded `rand`, so a
 * key always gets the same picture and two keys rarely get the same one. They are plain functions
 * called during the caller's render (not components), so the random sequence is consumed in one
 * pass, in order, however often React renders.
 */

export type Rand = () => number;

const r1 = (n: number) => Math.round(n * 10) / 10;
const pick = <T,>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const between = (rand: Rand, lo: number, hi: number) => lo + rand() * (hi - lo);

/** A closed organic blob around (cx, cy): radius wobbles per lobe. */
export function blob(rand: Rand, cx: number, cy: number, radius: number, lobes: number, wobble: number, squash = 1): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * Math.PI * 2;
    const r = radius * (1 - wobble / 2 + rand() * wobble);
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r * squash]);
  }
  const mid = (p: [number, number], q: [number, number]): [number, number] => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const first = mid(pts[pts.length - 1]!, pts[0]!);
  let d = `M${r1(first[0])},${r1(first[1])}`;
  pts.forEach((p, i) => {
    const m = mid(p, pts[(i + 1) % pts.length]!);
    d += ` Q${r1(p[0])},${r1(p[1])} ${r1(m[0])},${r1(m[1])}`;
  });
  return `${d} Z`;
}

interface Paint {
  rand: Rand;
  accent: string;
  glow: string;
}

/** Producers: a gland or pod on roots, glowing with the resource it yields. */
export function drawPod({ rand, accent, glow }: Paint) {
  const cy = between(rand, 48, 58);
  const radius = between(rand, 20, 30);
  const roots = 2 + Math.floor(rand() * 4);
  const spikes = Math.floor(rand() * 5);
  const orbs = 1 + Math.floor(rand() * 3);
  return (
    <g>
      {Array.from({ length: roots }, (_, i) => {
        const x = 50 + (i - (roots - 1) / 2) * between(rand, 8, 14);
        return <path key={`r${i}`} d={`M50,${r1(cy + radius * 0.6)} Q${r1(x + between(rand, -8, 8))},${r1(cy + radius + 6)} ${r1(x)},94`} stroke={accent} strokeWidth={1.6} fill="none" strokeOpacity={0.7} />;
      })}
      {Array.from({ length: spikes }, (_, i) => {
        const a = -Math.PI / 2 + (i - (spikes - 1) / 2) * 0.5;
        const bx = 50 + Math.cos(a) * radius * 0.9;
        const by = cy + Math.sin(a) * radius * 0.9;
        return <path key={`s${i}`} d={`M${r1(bx - 3)},${r1(by)} L${r1(50 + Math.cos(a) * (radius + 12))},${r1(cy + Math.sin(a) * (radius + 12))} L${r1(bx + 3)},${r1(by)} Z`} fill={accent} fillOpacity={0.8} />;
      })}
      <path d={blob(rand, 50, cy, radius, 5 + Math.floor(rand() * 6), between(rand, 0.15, 0.45), between(rand, 0.75, 1.1))} fill={accent} fillOpacity={0.3} stroke={accent} strokeWidth={1.5} />
      {Array.from({ length: orbs }, (_, i) => {
        const x = 50 + (orbs === 1 ? 0 : between(rand, -radius / 2, radius / 2));
        const y = cy + (orbs === 1 ? 0 : between(rand, -radius / 3, radius / 3));
        const r = orbs === 1 ? between(rand, 8, 13) : between(rand, 4, 8);
        return (
          <g key={`o${i}`}>
            <circle cx={r1(x)} cy={r1(y)} r={r1(r)} fill={glow} opacity={0.9} />
            <circle cx={r1(x - r / 3)} cy={r1(y - r / 3)} r={r1(r / 3)} fill="#fff" opacity={0.55} />
          </g>
        );
      })}
    </g>
  );
}

/** Facilities: a ribbed dome, a cluster of towers, or a burrow mound. */
export function drawHive({ rand, accent }: Paint) {
  const plan = pick(rand, ['dome', 'towers', 'mound'] as const);
  if (plan === 'towers') {
    const towers = 2 + Math.floor(rand() * 3);
    return (
      <g>
        {Array.from({ length: towers }, (_, i) => {
          const x = 22 + ((i + 0.5) * 56) / towers;
          const top = between(rand, 14, 40);
          const w = between(rand, 7, 12);
          return (
            <g key={i}>
              <path d={`M${r1(x - w)},86 Q${r1(x - w * 0.6)},${r1(top + 20)} ${r1(x)},${r1(top)} Q${r1(x + w * 0.6)},${r1(top + 20)} ${r1(x + w)},86 Z`} fill={accent} fillOpacity={0.25 + i * 0.1} stroke={accent} strokeWidth={1.3} />
              <circle cx={r1(x)} cy={r1(top + 14)} r={2.2} fill="#fff" opacity={0.6} />
            </g>
          );
        })}
        <path d="M8,87 Q50,80 92,87" stroke={accent} strokeWidth={2} fill="none" strokeOpacity={0.6} />
      </g>
    );
  }
  if (plan === 'mound') {
    const arches = 1 + Math.floor(rand() * 3);
    return (
      <g>
        <path d={blob(rand, 50, 70, 36, 9, 0.2, 0.55)} fill={accent} fillOpacity={0.3} stroke={accent} strokeWidth={1.5} />
        {Array.from({ length: arches }, (_, i) => {
          const x = 50 + (i - (arches - 1) / 2) * 22;
          return <path key={i} d={`M${x - 7},80 Q${x},${r1(between(rand, 58, 66))} ${x + 7},80 Z`} fill="#05070f" stroke={accent} strokeOpacity={0.8} />;
        })}
        {Array.from({ length: 4 }, (_, i) => (
          <circle key={`p${i}`} cx={r1(between(rand, 26, 74))} cy={r1(between(rand, 54, 64))} r={r1(between(rand, 1.2, 2.6))} fill={accent} />
        ))}
      </g>
    );
  }
  const ribs = 3 + Math.floor(rand() * 3);
  const openings = 1 + Math.floor(rand() * 3);
  const peak = between(rand, 14, 30);
  return (
    <g>
      <path d={`M14,86 Q14,${r1(peak + 8)} 50,${r1(peak)} Q86,${r1(peak + 8)} 86,86 Z`} fill={accent} fillOpacity={0.28} stroke={accent} strokeWidth={1.5} />
      {Array.from({ length: ribs }, (_, i) => {
        const x = 14 + ((i + 1) * 72) / (ribs + 1);
        return <path key={i} d={`M${r1(x)},86 Q${r1(x + (50 - x) * 0.3)},${r1(peak + 14)} 50,${r1(peak + 1)}`} stroke={accent} strokeOpacity={0.6} fill="none" />;
      })}
      {Array.from({ length: openings }, (_, i) => (
        <ellipse key={`o${i}`} cx={r1(30 + i * 20 + rand() * 6)} cy={r1(66 + rand() * 8)} rx={r1(3.5 + rand() * 3)} ry={r1(5 + rand() * 3)} fill="#05070f" stroke={accent} strokeOpacity={0.8} />
      ))}
    </g>
  );
}

/** Technologies: a neuron with branching dendrites. */
export function drawNeuron({ rand, accent }: Paint) {
  const branches = 4 + Math.floor(rand() * 5);
  const cx = between(rand, 44, 56);
  const cy = between(rand, 44, 56);
  return (
    <g>
      {Array.from({ length: branches }, (_, i) => {
        const a = (i / branches) * Math.PI * 2 + rand() * 0.6;
        const len = between(rand, 22, 40);
        const x = cx + Math.cos(a) * len;
        const y = cy + Math.sin(a) * len;
        const bend = a + (rand() - 0.5) * 1.2;
        const fork = rand() > 0.5;
        return (
          <g key={i} stroke={accent} fill="none">
            <path d={`M${r1(cx)},${r1(cy)} Q${r1(cx + Math.cos(bend) * len * 0.6)},${r1(cy + Math.sin(bend) * len * 0.6)} ${r1(x)},${r1(y)}`} strokeWidth={1.6} />
            {fork && <path d={`M${r1(x)},${r1(y)} l${r1(Math.cos(a + 0.7) * 8)},${r1(Math.sin(a + 0.7) * 8)} M${r1(x)},${r1(y)} l${r1(Math.cos(a - 0.7) * 8)},${r1(Math.sin(a - 0.7) * 8)}`} strokeWidth={1} />}
            <circle cx={r1(x)} cy={r1(y)} r={r1(between(rand, 1.8, 4))} fill={accent} stroke="none" />
          </g>
        );
      })}
      <path d={blob(rand, cx, cy, between(rand, 10, 15), 6 + Math.floor(rand() * 4), 0.35)} fill={accent} fillOpacity={0.45} stroke={accent} />
      <circle cx={r1(cx)} cy={r1(cy)} r={4.5} fill="#fff" opacity={0.75} />
    </g>
  );
}

function eyes(rand: Rand, x: number, y: number, spread: number) {
  const count = pick(rand, [1, 2, 2, 3, 4]);
  return (
    <g fill="#fff">
      {Array.from({ length: count }, (_, i) => (
        <circle key={i} cx={r1(x + (i - (count - 1) / 2) * spread)} cy={r1(y - (i % 2) * 1.5)} r={count > 2 ? 1.4 : 2} />
      ))}
    </g>
  );
}

/** Units: a beetle, a winged flyer, a serpent, or a many-armed drifter. */
export function drawCreature({ rand, accent }: Paint) {
  const plan = pick(rand, ['beetle', 'flyer', 'serpent', 'drifter'] as const);
  const stroke = { stroke: accent, strokeWidth: 1.6, fill: 'none', strokeLinecap: 'round' as const };
  if (plan === 'serpent') {
    const links = 6 + Math.floor(rand() * 4);
    const amp = between(rand, 8, 16);
    return (
      <g>
        {Array.from({ length: links }, (_, i) => {
          const t = i / (links - 1);
          return <circle key={i} cx={r1(18 + t * 64)} cy={r1(54 + Math.sin(t * Math.PI * 2) * amp)} r={r1(9 - t * 5)} fill={accent} fillOpacity={0.3 + (1 - t) * 0.4} stroke={accent} />;
        })}
        <path d={`M12,${r1(54 - 4)} l-6,-6 M12,${r1(54 + 4)} l-6,6`} {...stroke} />
        {eyes(rand, 17, 51, 4)}
      </g>
    );
  }
  if (plan === 'drifter') {
    const arms = 4 + Math.floor(rand() * 4);
    return (
      <g>
        {Array.from({ length: arms }, (_, i) => {
          const x = 30 + (i * 40) / (arms - 1);
          return <path key={i} d={`M${r1(x)},52 q${r1(between(rand, -10, 10))},14 ${r1(between(rand, -6, 6))},${r1(between(rand, 28, 40))}`} {...stroke} />;
        })}
        <path d={blob(rand, 50, 40, 24, 8, 0.25, 0.8)} fill={accent} fillOpacity={0.4} stroke={accent} />
        {eyes(rand, 50, 40, 7)}
      </g>
    );
  }
  const segments = 2 + Math.floor(rand() * 3);
  const legs = plan === 'flyer' ? 2 : 2 + Math.floor(rand() * 3);
  const step = 54 / segments;
  return (
    <g>
      {plan === 'flyer' && (
        <g fill={accent} fillOpacity={0.18} stroke={accent} strokeOpacity={0.6}>
          <path d={`M47,44 Q${r1(between(rand, 6, 20))},${r1(between(rand, 8, 26))} 8,${r1(between(rand, 44, 60))} Q30,52 47,52 Z`} />
          <path d={`M53,44 Q${r1(between(rand, 80, 94))},${r1(between(rand, 8, 26))} 92,${r1(between(rand, 44, 60))} Q70,52 53,52 Z`} />
        </g>
      )}
      {Array.from({ length: legs }, (_, i) => {
        const y = 46 + i * (22 / legs);
        const reach = between(rand, 20, 32);
        return (
          <g key={i} {...stroke}>
            <path d={`M46,${r1(y)} l${r1(-reach * 0.6)},${r1(between(rand, -6, -2))} l${r1(-reach * 0.4)},${r1(between(rand, 10, 16))}`} />
            <path d={`M54,${r1(y)} l${r1(reach * 0.6)},${r1(between(rand, -6, -2))} l${r1(reach * 0.4)},${r1(between(rand, 10, 16))}`} />
          </g>
        );
      })}
      {Array.from({ length: segments }, (_, i) => (
        <ellipse key={`s${i}`} cx={50} cy={r1(30 + i * step + step / 2)} rx={r1(between(rand, 8, 17) - i * 1.5)} ry={r1(step / 2 + 2)} fill={accent} fillOpacity={0.35 + i * 0.12} stroke={accent} />
      ))}
      <path d={`M45,26 Q${r1(between(rand, 34, 44))},${r1(between(rand, 8, 16))} 46,8 M55,26 Q${r1(between(rand, 56, 66))},${r1(between(rand, 8, 16))} 54,8`} {...stroke} strokeWidth={2} />
      {eyes(rand, 50, 29, 5)}
    </g>
  );
}

/** Spire-like defenses: one spire, twin horns, or a polyp with a cap. */
export function drawSpire({ rand, accent }: Paint) {
  const plan = pick(rand, ['spire', 'twin', 'polyp'] as const);
  if (plan === 'polyp') {
    return (
      <g>
        <path d="M42,88 Q40,60 46,48 L54,48 Q60,60 58,88 Z" fill={accent} fillOpacity={0.35} stroke={accent} />
        <path d={blob(rand, 50, 40, 24, 9, 0.3, 0.55)} fill={accent} fillOpacity={0.45} stroke={accent} strokeWidth={1.4} />
        {Array.from({ length: 5 }, (_, i) => (
          <circle key={i} cx={r1(32 + i * 9)} cy={r1(40 + between(rand, -5, 3))} r={r1(between(rand, 1.5, 3))} fill="#fff" opacity={0.6} />
        ))}
        <path d="M20,90 Q50,82 80,90" stroke={accent} strokeWidth={2} fill="none" strokeOpacity={0.6} />
      </g>
    );
  }
  const spires = plan === 'twin' ? [36, 64] : [50];
  return (
    <g>
      {spires.map((x, n) => {
        const lean = between(rand, -8, 8);
        const top = between(rand, 10, 24);
        const spikes = 2 + Math.floor(rand() * 4);
        return (
          <g key={n}>
            <path d={`M${x - 16},88 Q${r1(x - 10 + lean)},52 ${r1(x + lean)},${r1(top)} Q${r1(x + 10 + lean)},52 ${x + 16},88 Z`} fill={accent} fillOpacity={0.38} stroke={accent} strokeWidth={1.5} />
            {Array.from({ length: spikes }, (_, i) => {
              const y = 36 + i * (44 / spikes);
              const side = i % 2 === 0 ? -1 : 1;
              const sx = x + lean * (1 - y / 88) + side * (5 + (y - top) * 0.14);
              return <path key={i} d={`M${r1(sx)},${r1(y)} l${r1(side * between(rand, 7, 14))},${r1(between(rand, -10, -4))} l${r1(-side * 4)},8`} fill={accent} fillOpacity={0.75} />;
            })}
            <circle cx={r1(x + lean * 0.8)} cy={r1(top + 10)} r={r1(between(rand, 2.5, 4))} fill="#fff" opacity={0.7} />
          </g>
        );
      })}
      <path d="M12,90 Q50,82 88,90" stroke={accent} strokeWidth={2} fill="none" strokeOpacity={0.6} />
    </g>
  );
}

/** Bulwark defenses: layered shells. */
export function drawWall({ rand, accent }: Paint) {
  const layers = 2 + Math.floor(rand() * 3);
  const dots = 3 + Math.floor(rand() * 4);
  return (
    <g>
      {Array.from({ length: layers }, (_, i) => (
        <path key={i} d={`M${10 + i * 5},84 Q50,${r1(between(rand, 10, 20) + i * 12)} ${90 - i * 5},84`} fill={accent} fillOpacity={0.16 + i * 0.1} stroke={accent} strokeWidth={1.4} />
      ))}
      {Array.from({ length: dots }, (_, i) => (
        <circle key={`c${i}`} cx={r1(22 + (i * 56) / (dots - 1))} cy={r1(72 - Math.sin((i / (dots - 1)) * Math.PI) * 20)} r={r1(between(rand, 1.5, 3.2))} fill="#fff" opacity={0.5} />
      ))}
    </g>
  );
}
