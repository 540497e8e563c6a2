/**
 * Seeded randomness: sfc32 (a small, fast 32-bit generator that passes PractRand) seeded from a
 * string through cyrb128. The same seed always gives the same sequence, on every machine.
 */
export interface Rng {
  /** the seed this generator was created from (reports store it so anyone can replay them) */
  readonly seed: string;
  /** a uniform float in [0, 1) */
  next(): number;
  /** a uniform 32-bit unsigned integer */
  uint32(): number;
  /** a uniform integer in [0, n) */
  int(n: number): number;
  /** a uniform float in [min, max) */
  range(min: number, max: number): number;
}

/** cyrb128: four 32-bit hashes of a string (public domain, bryc). */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function createRng(seed: string): Rng {
  let [a, b, c, d] = cyrb128(seed);
  const uint32 = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return r >>> 0;
  };
  for (let i = 0; i < 15; i++) uint32(); // warm up: spread a weak seed over the whole state
  const next = () => uint32() / 4294967296;
  return {
    seed,
    next,
    uint32,
    int: (n) => Math.floor(next() * n),
    range: (min, max) => min + next() * (max - min),
  };
}

/** A 32-bit hash of a string (for keys that pick per-item random streams). */
export function hashString(str: string): number {
  return cyrb128(str)[0];
}

/** A uniform float in [0, 1) that depends only on its three integer inputs (a stateless stream). */
export function hashUniform(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A key drawn with probability proportional to its weight; undefined when no weight is above 0. */
export function pickWeighted<K extends string>(rng: Rng, weights: Readonly<Record<K, number>>): K | undefined {
  const entries = (Object.entries(weights) as [K, number][]).filter(([, w]) => w > 0);
  const total = entries.reduce((s, [, w]) => s + w, 0);
  if (total <= 0) return undefined;
  let x = rng.next() * total;
  for (const [k, w] of entries) {
    x -= w;
    if (x < 0) return k;
  }
  return entries[entries.length - 1]?.[0];
}

/** Stochastic rounding: floor(x + u) with u uniform, so the expected value is exactly x. */
export function roundRandomly(x: number, u: number): number {
  return Math.floor(x + u);
}
