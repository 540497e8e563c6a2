/**
 * The seeded model of player behaviour for `npm run bench:universe`: pure (no clock, no I/O, no
 * Math.random), so the same seed gives the same plan. A plan is what each online player does during
 * a step: which screens they open (each tab loads the call set the web app loads for it) and the
 * commands they send, each at a Poisson rate per online player (RATES, per minute: the reasoning is
 * in docs/benchmarks.md, "The universe"), and the polls the open page makes at the spec's intervals
 * (POLLS: every period from a phase of the player's own).
 *
 * The universe's layout is pure too: player i lives at a fixed position, 25 to a sub-region (its
 * neighbours), the first 12 of a sub-region in one alliance and the next 12 in another, the 25th in
 * none; attacks and spies go to the other alliance's neighbours, transports and stationing to allies.
 */
import { createRng } from '@brood/game-core';

export const TABS = ['EMPIRE', 'MAP', 'BUILDING', 'RESEARCH', 'UNITS', 'MOVEMENT', 'RANK', 'HALL_OF_FAME', 'ALLIANCE', 'MESSAGES'] as const;
export type Tab = (typeof TABS)[number];

export const COMMANDS = [
  'build', 'research', 'recruit', 'defense', 'cancel', 'rename',
  'transport', 'station', 'attack', 'spy', 'explore', 'salvage', 'recall', 'multiAttack', 'joinAttack',
  'allianceApply', 'hallOfFameComment', 'message',
] as const;
export type Command = (typeof COMMANDS)[number];

/**
 * The polls an open page makes while the player is online (spec core "Caching and polling", social
 * "Polling and cache"), each as the web app batches it: the shell's fleet strip polls active movements
 * every 15 s and its queue panel the queues every 15 s while an item is unfinished (a busy player always
 * has one: at universe speed 1 builds take hours), in one batch; the territory's units and defenses
 * every 30 s; the two unread counts every 2 minutes. Periods in seconds.
 */
export const POLLS = { POLL_FLEETS_QUEUES: 15, POLL_UNITS: 30, POLL_UNREAD: 120 } as const;
export type Poll = keyof typeof POLLS;
export type Page = Tab | Poll | 'SIGN_IN';

/** What a player does: open a screen (or a page's poll comes due), or send a command. */
export type Action = { at: number; kind: 'page'; tab: Page } | { at: number; kind: 'command'; command: Command };

/**
 * Per online player, per minute. A session opens a screen about every 30 s and sends about one
 * command a minute, most of them economy; fleets are a third of the commands.
 */
export const RATES: { pages: Record<Tab | 'SIGN_IN', number>; commands: Record<Command, number> } = {
  pages: {
    // a session lasts about 30 minutes: one in 30 online players a minute leaves and is replaced by one who signs in
    SIGN_IN: 1 / 30,
    EMPIRE: 0.5, MAP: 0.4, BUILDING: 0.35, RESEARCH: 0.15, UNITS: 0.2, MOVEMENT: 0.2, RANK: 0.08, HALL_OF_FAME: 0.04, ALLIANCE: 0.05, MESSAGES: 0.08,
  },
  commands: {
    build: 0.2, research: 0.05, recruit: 0.12, defense: 0.06, cancel: 0.05, rename: 0.02,
    transport: 0.06, station: 0.03, attack: 0.08, spy: 0.06, explore: 0.02, salvage: 0.02, recall: 0.02, multiAttack: 0.01, joinAttack: 0.02,
    allianceApply: 0.01, hallOfFameComment: 0.01, message: 0.04,
  },
};

/** A seeded stream of uniform numbers in [0, 1): game-core's generator, named by the stream it is for. */
export function rng(stream: string): () => number {
  const generator = createRng(stream);
  return () => generator.next();
}

/** Times of a Poisson process of `perMinute` over [0, durationMs), from `next`. */
function poisson(next: () => number, perMinute: number, durationMs: number): number[] {
  const out: number[] = [];
  if (perMinute <= 0) return out;
  const meanMs = 60_000 / perMinute;
  for (let t = -Math.log(1 - next()) * meanMs; t < durationMs; t += -Math.log(1 - next()) * meanMs) out.push(Math.floor(t));
  return out;
}

/** Times of a poll every `periodMs` over [0, durationMs), from a phase in [0, periodMs) drawn from `next`. */
function periodic(next: () => number, periodMs: number, durationMs: number): number[] {
  const out: number[] = [];
  for (let t = Math.floor(next() * periodMs); t < durationMs; t += periodMs) out.push(t);
  return out;
}

/**
 * A player's actions over a step of `durationMs`, in time order: every page and command at its
 * Poisson instants, every poll at its period. Signing in is not in it: a player coming online signs in before the step
 * (step.ts signIn); SIGN_IN's rate here is the sessions that end and start again during it.
 * Pure: the same arguments give the same plan; one stream per (seed, player), so players' plans depend
 * neither on each other nor on the step's size.
 */
export function planPlayer(seed: number, player: number, durationMs: number, rates = RATES): Action[] {
  const next = rng(`universe:${seed}:player:${player}`);
  const actions: Action[] = [];
  for (const [tab, perMinute] of Object.entries(rates.pages) as [Tab | 'SIGN_IN', number][]) {
    for (const t of poisson(next, perMinute, durationMs)) actions.push({ at: t, kind: 'page', tab });
  }
  for (const [poll, seconds] of Object.entries(POLLS) as [Poll, number][]) {
    for (const t of periodic(next, seconds * 1000, durationMs)) actions.push({ at: t, kind: 'page', tab: poll });
  }
  for (const [command, perMinute] of Object.entries(rates.commands) as [Command, number][]) {
    for (const t of poisson(next, perMinute, durationMs)) actions.push({ at: t, kind: 'command', command });
  }
  return actions.sort((a, b) => a.at - b.at);
}

/** Which of `players` registered players are online in a step of `online`: the first `online` of one seeded order, so a larger step keeps a smaller one's players. */
export function onlinePlayers(seed: number, players: number, online: number): number[] {
  const order = Array.from({ length: players }, (_, i) => i);
  const next = rng(`universe:${seed}:online`);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.slice(0, Math.min(online, players));
}

export const PER_SUB_REGION = 25;
const SUB_REGIONS = 961;
/** The highest region; the universe fills regions downwards from it (new players are placed from region 1). */
export const TOP_REGION = 961;

export interface Place {
  region: number;
  sub_region: number;
  position: number;
}

/** Where player i (0-based) lives. */
export function placeOf(player: number): Place {
  const group = Math.floor(player / PER_SUB_REGION);
  return { region: TOP_REGION - Math.floor(group / SUB_REGIONS), sub_region: 1 + (group % SUB_REGIONS), position: 1 + (player % PER_SUB_REGION) };
}

/** The player's alliance side in their sub-region: 0 (positions 1-12), 1 (13-24) or null (25). */
export function sideOf(player: number): 0 | 1 | null {
  const p = player % PER_SUB_REGION;
  return p < 12 ? 0 : p < 24 ? 1 : null;
}

/** The alliance number (0-based) of a player, or null: two per sub-region. */
export function allianceOf(player: number): number | null {
  const side = sideOf(player);
  return side === null ? null : Math.floor(player / PER_SUB_REGION) * 2 + side;
}

/**
 * A neighbour (same sub-region, among `players`) for a command, drawn from `pick` in [0, 1): an ally
 * (same alliance) or a foe (not in it); null when there is none.
 */
export function neighbourOf(player: number, players: number, relation: 'ally' | 'foe', pick: number): number | null {
  const first = player - (player % PER_SUB_REGION);
  const candidates: number[] = [];
  for (let other = first; other < Math.min(first + PER_SUB_REGION, players); other += 1) {
    if (other === player) continue;
    const same = allianceOf(other) !== null && allianceOf(other) === allianceOf(player);
    if ((relation === 'ally') === same) candidates.push(other);
  }
  return candidates.length === 0 ? null : candidates[Math.floor(pick * candidates.length)]!;
}

/** Actions a minute one online player makes, by kind: what a step of N players offers the api. */
export function perPlayerPerMinute(rates = RATES): { pages: number; polls: number; commands: number } {
  const sum = (r: Record<string, number>) => Object.values(r).reduce((n, v) => n + v, 0);
  return { pages: sum(rates.pages), polls: Object.values(POLLS).reduce((n, s) => n + 60 / s, 0), commands: sum(rates.commands) };
}
