import { RefillMarks, type RefillMark } from './refill-marks';

/**
 * What the shell polls on every open page every 15 s (the queue panel's queues and the fleet strip's
 * active movements) and every 30 s (a player's territories as they are settled from: the rows the
 * units and defenses panels and every screen of one's own territories read), as an api process last
 * read it, kept between requests so that those polls need not read it each time. Kept only while the
 * process hears every change of it: queue_items, movements, territories and users NOTIFY
 * `queue_changes` on commit of any change to what these reads answer (migrations 0240, 0250, 0280
 * and 0290), the realtime listener forwards each to `forget`, and while
 * that connection is down (`live` false) nothing is kept and every read goes to the database, as
 * before. A command of this process forgets what it may have changed of its player's kept reads
 * before it answers (`forgetPlayer`), so the web app's read right after it never meets what it changed.
 *
 * What is kept of a queue is what the read answered at its instant: the items whose end was still to
 * come then. A later read takes those whose end is still to come at its own instant, which is what
 * the database would answer, since an item only leaves the answer by its end passing or by a change
 * that is heard. A read at an instant before the kept one goes to the database. A fleet list does not
 * depend on the instant: a fleet leaves it only when its row changes. Nor do a player's territory rows
 * (`settledOf`): they are what settling starts from (the stored stock and its instant, the queue items
 * and research that may fall due), and each read settles them to its own instant. A read that overlapped a change
 * of what it answers (its own key forgotten while it ran, or everything) is not kept, so a read from before a
 * change is never kept after it; a change of anything else, heard meanwhile, does not stop it being kept.
 *
 * When the connection comes back (a database restart, a network blip), what was kept is not trusted,
 * since changes made meanwhile were not heard; but the players whose reads were kept are the ones
 * polling. So their reads are read again, a few hundred in one statement (`takeLost`, then `refill`
 * with what queries/kept-refill.query.ts read once LISTEN was back), instead of each poll of the next
 * 15 s reading its own: one statement instead of thousands when the api is busiest. A refilled read
 * is kept unless a change of it was heard since the refill began (`beginRefill`).
 */
export const MAX_KEPT_READS = 100_000;

/** The parts of what is kept for a player: their territories' queues, research queue, fleet list and territory rows. */
export const KEPT_PARTS = ['queues', 'research', 'fleets', 'settled'] as const;
export type KeptPart = (typeof KEPT_PARTS)[number];

/** What was kept when the LISTEN connection was lost: the keys to read again once it is back. */
export interface LostReads {
  territories: number[];
  research: number[];
  fleets: number[];
  settled: number[];
}


interface Kept<T> {
  value: T;
  /** the instant (epoch ms) the value answers for */
  at: number;
}

/** Each queue read keeps its own value; a territory's names its owner (`forgetPlayer`). */
type TerritoryValue = { owner_id: number | null };
/** A player's territory rows: each names its territory (a change of its queues, `t<id>`, drops them). */
type SettledValue = readonly { id: number }[];

/**
 * The payloads that change a read of each kind, heard while it ran (or since a refill began): its own,
 * its player's command (`p`), and for a player's rows a change of a territory they hold.
 */
const CHANGED_BY = {
  territory: (id: number, value: TerritoryValue) => [`t${id}`, ...(value.owner_id === null ? [] : [`p${value.owner_id}`])],
  research: (userId: number) => [`u${userId}`, `p${userId}`],
  fleets: (userId: number) => [`f${userId}`, `p${userId}`],
  settled: (userId: number, rows: SettledValue) => [`s${userId}`, `u${userId}`, `p${userId}`, ...rows.map((row) => `t${row.id}`)],
};

export class KeptReads {
  private readonly territories = new Map<number, Kept<TerritoryValue>>();
  private readonly research = new Map<number, Kept<unknown>>();
  /** a player's active movements (the fleet strip), by player */
  private readonly fleets = new Map<number, Kept<unknown>>();
  /** territory ids kept, by their owner: what `forgetPlayer` drops */
  private readonly owned = new Map<number, Set<number>>();
  /** a player's territory rows to settle from, by player */
  private readonly settled = new Map<number, Kept<SettledValue>>();
  /** the player whose kept rows hold a territory, by territory id: what `t<id>` drops */
  private readonly settledBy = new Map<number, number>();
  private live = false;
  /** What was kept when the connection was lost, until it is back and taken (`takeLost`). */
  private lost: LostReads | null = null;
  /**
   * Reads and refills under way; what each notes is the payloads forgotten since it began (`t<id>`,
   * `u<id>`, `f<id>`, `s<id>`) and the players forgotten whole (`p<id>`), to keep what it read only when
   * none of them is its own (`CHANGED_BY`).
   */
  private readonly marks = new RefillMarks<string>();

  /** A territory's queues at `at` (epoch ms): kept, or read (and kept when found and nothing changed meanwhile). */
  territory<T extends TerritoryValue>(id: number, at: number, read: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.through(this.territories, id, at, read, (mark, value) => this.unchanged(mark, CHANGED_BY.territory(id, value)) && this.keepTerritory(id, value, at));
  }

  /** A player's research queue at `at` (epoch ms), kept or read. */
  researchOf<T>(userId: number, at: number, read: () => Promise<T>): Promise<T> {
    return this.through(this.research, userId, at, read, (mark, value) => this.unchanged(mark, CHANGED_BY.research(userId)) && this.research.set(userId, { value, at })) as Promise<T>;
  }

  /** A player's active movements: their own fleets and those heading for or stationed at their territories, kept or read. */
  fleetsOf<T>(userId: number, read: () => Promise<T>): Promise<T> {
    // The list is the same at every instant (0): only a heard change of its rows takes a fleet out.
    return this.through(this.fleets, userId, 0, read, (mark, value) => this.unchanged(mark, CHANGED_BY.fleets(userId)) && this.fleets.set(userId, { value, at: 0 })) as Promise<T>;
  }

  /** A player's territory rows as settling starts from them (the same at every instant, like a fleet list), kept or read. */
  settledOf<T extends SettledValue>(userId: number, read: () => Promise<T>): Promise<T> {
    return this.through(this.settled, userId, 0, read, (mark, value) => this.unchanged(mark, CHANGED_BY.settled(userId, value)) && this.keepSettled(userId, value)) as Promise<T>;
  }

  /**
   * What `kept` holds for `key` at `at`, or `read`'s answer, handed to `keep` (with what was forgotten
   * while it ran) when found and while changes are heard.
   */
  private async through<V, T extends V>(kept: Map<number, Kept<V>>, key: number, at: number, read: () => Promise<T | undefined>, keep: (mark: RefillMark<string>, value: T) => void): Promise<T | undefined> {
    const hit = kept.get(key);
    if (hit && hit.at <= at) return hit.value as T; // kept from this same read
    const mark = this.marks.begin();
    let value: T | undefined;
    try {
      value = await read();
    } finally {
      this.marks.end(mark);
    }
    if (value !== undefined && this.live && !mark.void) {
      keep(mark, value);
      if (this.size >= MAX_KEPT_READS) this.forgetAll(); // a bound, not an order: all is read again once
    }
    return value;
  }

  /** Whether none of `changes` (CHANGED_BY) was heard since `mark` began. */
  private unchanged(mark: RefillMark<string>, changes: readonly string[]): boolean {
    return !changes.some((payload) => mark.dirty.has(payload));
  }

  /** Whether changes are heard (the LISTEN connection is up): on every change of it, all is dropped (and, when lost, its keys noted). */
  setLive(live: boolean): void {
    if (!live && this.size > 0) {
      this.lost = { territories: [...this.territories.keys()], research: [...this.research.keys()], fleets: [...this.fleets.keys()], settled: [...this.settled.keys()] };
    }
    this.live = live;
    this.forgetAll();
  }

  /** The keys kept when the connection was lost (null when nothing was), once it is back; taken once. */
  takeLost(): LostReads | null {
    if (!this.live) return null;
    const lost = this.lost;
    this.lost = null;
    return lost;
  }

  /** Starts a refill: call before its reads, and `endRefill` after. */
  beginRefill(): RefillMark<string> {
    return this.marks.begin();
  }

  endRefill(mark: RefillMark<string>): void {
    this.marks.end(mark);
  }

  /**
   * Keeps reads of a refill, read at `at` (epoch ms) after `mark` began: each unless a change of it was
   * heard since, or a read of its own is kept already. Answers how many were kept.
   */
  refill(
    mark: RefillMark<string>,
    at: number,
    reads: { territories?: Map<number, TerritoryValue>; research?: Map<number, unknown>; fleets?: Map<number, unknown>; settled?: Map<number, SettledValue> },
  ): number {
    if (!this.live || mark.void) return 0;
    let count = 0;
    for (const [id, value] of reads.territories ?? []) {
      if (this.territories.has(id) || !this.unchanged(mark, CHANGED_BY.territory(id, value))) continue;
      this.keepTerritory(id, value, at);
      count += 1;
    }
    for (const [userId, value] of reads.research ?? []) {
      if (this.research.has(userId) || !this.unchanged(mark, CHANGED_BY.research(userId))) continue;
      this.research.set(userId, { value, at });
      count += 1;
    }
    for (const [userId, value] of reads.fleets ?? []) {
      if (this.fleets.has(userId) || !this.unchanged(mark, CHANGED_BY.fleets(userId))) continue;
      this.fleets.set(userId, { value, at: 0 });
      count += 1;
    }
    for (const [userId, value] of reads.settled ?? []) {
      if (this.settled.has(userId) || !this.unchanged(mark, CHANGED_BY.settled(userId, value))) continue;
      this.keepSettled(userId, value);
      count += 1;
    }
    if (this.size >= MAX_KEPT_READS) this.forgetAll();
    return count;
  }

  /**
   * A `queue_changes` payload: `t<territory id>` (its queues, and the territory rows that hold it),
   * `u<user id>` (their research queue, and the research and vacation their territory rows settle with),
   * `f<user id>` (their fleet list), `s<user id>` (their territory rows) or anything else: all.
   */
  forget(payload: string): void {
    const id = Number(payload.slice(1));
    this.marks.heard(payload);
    if (payload[0] === 't' && Number.isInteger(id)) {
      this.dropTerritory(id);
      const holder = this.settledBy.get(id);
      if (holder !== undefined) this.dropSettled(holder);
    } else if (payload[0] === 'u' && Number.isInteger(id)) {
      this.research.delete(id);
      this.dropSettled(id);
    } else if (payload[0] === 's' && Number.isInteger(id)) {
      this.dropSettled(id);
    } else if (payload[0] === 'f' && Number.isInteger(id)) {
      this.fleets.delete(id);
    } else {
      this.forgetAll();
    }
  }

  /**
   * What is kept for a player that their command may have changed (`parts`; all by default): their
   * territories' queues, their research queue, their fleet list, their territory rows. A read of
   * theirs under way is not kept, whatever the parts.
   */
  forgetPlayer(userId: number, parts: readonly KeptPart[] = KEPT_PARTS): void {
    this.marks.heard(`p${userId}`);
    if (parts.includes('research')) this.research.delete(userId);
    if (parts.includes('fleets')) this.fleets.delete(userId);
    if (parts.includes('settled')) this.dropSettled(userId);
    if (parts.includes('queues')) for (const id of this.owned.get(userId) ?? []) this.dropTerritory(id);
  }

  forgetAll(): void {
    this.marks.heardAll();
    this.territories.clear();
    this.research.clear();
    this.fleets.clear();
    this.owned.clear();
    this.settled.clear();
    this.settledBy.clear();
  }

  /** How many reads are kept (territories' queues, players' research, fleet lists and territory rows). */
  get size(): number {
    return this.territories.size + this.research.size + this.fleets.size + this.settled.size;
  }

  private keepTerritory(id: number, value: TerritoryValue, at: number): void {
    this.dropTerritory(id);
    this.territories.set(id, { value, at });
    if (value.owner_id !== null) this.owned.set(value.owner_id, (this.owned.get(value.owner_id) ?? new Set()).add(id));
  }

  private dropTerritory(id: number): void {
    const kept = this.territories.get(id);
    if (!kept) return;
    this.territories.delete(id);
    const owner = kept.value.owner_id;
    if (owner === null) return;
    const ids = this.owned.get(owner);
    ids?.delete(id);
    if (ids?.size === 0) this.owned.delete(owner);
  }

  private keepSettled(userId: number, value: SettledValue): void {
    this.dropSettled(userId);
    this.settled.set(userId, { value, at: 0 });
    for (const row of value) this.settledBy.set(row.id, userId);
  }

  private dropSettled(userId: number): void {
    const kept = this.settled.get(userId);
    if (!kept) return;
    this.settled.delete(userId);
    for (const row of kept.value) if (this.settledBy.get(row.id) === userId) this.settledBy.delete(row.id);
  }
}
