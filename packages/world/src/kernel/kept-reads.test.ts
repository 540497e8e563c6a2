import { describe, expect, it } from 'vitest';
import { KeptReads } from './kept-reads';

/**
 * The refill after a lost LISTEN (kept-reads.ts): what is refilled is kept only when no change of it
 * was heard since the refill began. The reads themselves, on a real PostgreSQL, are in
 * tests/integration/reads-kept.test.ts.
 */
const territory = (owner: number | null) => ({ owner_id: owner, items: [] as string[] });
const NEVER = () => Promise.reject(new Error('read from the database'));


async function keptAndLost(): Promise<KeptReads> {
  const kept = new KeptReads();
  kept.setLive(true);
  await kept.territory(1, 100, async () => territory(7));
  await kept.territory(2, 100, async () => territory(8));
  await kept.researchOf(7, 100, async () => ['study']);
  await kept.fleetsOf(8, async () => ['fleet']);
  await kept.settledOf(9, async () => [{ id: 3 }, { id: 4 }]);
  kept.setLive(false);
  return kept;
}

describe('the reads kept before a lost connection', () => {
  it('are noted when it is lost, handed out once it is back, and only once', async () => {
    const kept = await keptAndLost();
    expect(kept.size).toBe(0);
    expect(kept.takeLost()).toBeNull(); // not while it is down
    kept.setLive(true);
    expect(kept.takeLost()).toEqual({ territories: [1, 2], research: [7], fleets: [8], settled: [9] });
    expect(kept.takeLost()).toBeNull();
    // Nothing kept when it was lost: nothing to read again.
    const empty = new KeptReads();
    empty.setLive(true);
    empty.setLive(false);
    empty.setLive(true);
    expect(empty.takeLost()).toBeNull();
  });

  it('are kept when refilled, and answered without reading', async () => {
    const kept = await keptAndLost();
    kept.setLive(true);
    kept.takeLost();
    const mark = kept.beginRefill();
    expect(
      kept.refill(mark, 200, { territories: new Map([[1, territory(7)]]), research: new Map([[7, ['new study']]]), fleets: new Map([[8, []]]), settled: new Map([[9, [{ id: 3 }]]]) }),
    ).toBe(4);
    kept.endRefill(mark);
    expect(await kept.settledOf(9, NEVER)).toEqual([{ id: 3 }]);
    expect(await kept.territory(1, 250, NEVER)).toEqual(territory(7));
    expect(await kept.researchOf(7, 250, NEVER)).toEqual(['new study']);
    expect(await kept.fleetsOf(8, NEVER)).toEqual([]);
    // Read at 200: an earlier instant goes to the database.
    expect(await kept.territory(1, 150, async () => territory(9))).toEqual(territory(9));
  });

  it('are not kept when a change of them was heard since the refill began, nor over a read of their own', async () => {
    const kept = await keptAndLost();
    kept.setLive(true);
    const mark = kept.beginRefill();
    kept.forget('t1'); // territory 1's queues changed
    kept.forgetPlayer(7); // player 7's command: their research and their territories (2 is 8's)
    kept.forget('f8');
    kept.forget('t4'); // a territory of player 9's rows: its queues changed
    kept.forget('u10'); // player 10's queue items or vacation
    kept.forget('s11'); // player 11's territories
    await kept.territory(2, 300, async () => territory(8)); // a request read it meanwhile, later
    const refilled = kept.refill(mark, 200, {
      territories: new Map([[1, territory(7)], [2, territory(8)], [3, territory(7)]]),
      research: new Map([[7, ['old']]]),
      fleets: new Map([[8, ['old']]]),
      settled: new Map([[7, []], [9, [{ id: 3 }, { id: 4 }]], [10, [{ id: 5 }]], [11, [{ id: 6 }]]]),
    });
    expect(refilled).toBe(0); // 1 changed, 2 read meanwhile, 3 is player 7's, 7 and 8 changed, 9 holds 4, 10 and 11 changed
    expect(await kept.territory(2, 300, NEVER)).toEqual(territory(8));
    expect(await kept.researchOf(7, 300, async () => ['fresh'])).toEqual(['fresh']);
  });

  it('are dropped whole when everything is forgotten or the connection is lost again during the refill', async () => {
    for (const interrupt of [(k: KeptReads) => k.forget('*'), (k: KeptReads) => k.setLive(false)]) {
      const kept = await keptAndLost();
      kept.setLive(true);
      const mark = kept.beginRefill();
      interrupt(kept);
      expect(kept.refill(mark, 200, { territories: new Map([[1, territory(7)]]) })).toBe(0);
      expect(mark.void).toBe(true);
    }
  });
});

describe("a player's territory rows", () => {
  const rows = (...ids: number[]) => ids.map((id) => ({ id }));

  it('answer every instant until a change of them is heard: their own, a territory of theirs, their queue items or vacation, their command', async () => {
    for (const change of [(k: KeptReads) => k.forget('s9'), (k: KeptReads) => k.forget('t4'), (k: KeptReads) => k.forget('u9'), (k: KeptReads) => k.forgetPlayer(9)]) {
      const kept = new KeptReads();
      kept.setLive(true);
      expect(await kept.settledOf(9, async () => rows(3, 4))).toEqual(rows(3, 4));
      expect(await kept.settledOf(9, NEVER)).toEqual(rows(3, 4));
      kept.forget('s8'); // someone else's
      kept.forget('t5');
      kept.forget('u8');
      kept.forget('f9'); // their fleet list only
      expect(await kept.settledOf(9, NEVER)).toEqual(rows(3, 4));
      change(kept);
      expect(kept.size).toBe(0);
      expect(await kept.settledOf(9, async () => rows(3))).toEqual(rows(3));
      // Territory 4 is no longer in the rows kept: its change no longer drops them.
      kept.forget('t4');
      expect(await kept.settledOf(9, NEVER)).toEqual(rows(3));
    }
  });

  it('are not kept when read across a change of them, nor while the changes are not heard', async () => {
    for (const change of [(k: KeptReads) => k.forget('s9'), (k: KeptReads) => k.forget('t3'), (k: KeptReads) => k.forget('u9'), (k: KeptReads) => k.forgetPlayer(9), (k: KeptReads) => k.forget('*')]) {
      const kept = new KeptReads();
      kept.setLive(true);
      let release = () => {};
      const slow = kept.settledOf(9, () => new Promise<{ id: number }[]>((resolve) => (release = () => resolve(rows(3)))));
      change(kept);
      release();
      expect(await slow).toEqual(rows(3));
      expect(await kept.settledOf(9, async () => rows(3, 4))).toEqual(rows(3, 4)); // read again, then kept
    }
    const kept = new KeptReads();
    kept.setLive(true);
    expect(await kept.settledOf(9, async () => rows(3, 4))).toEqual(rows(3, 4));
    expect(await kept.settledOf(9, NEVER)).toEqual(rows(3, 4));
    kept.setLive(false);
    expect(await kept.settledOf(9, async () => rows(5))).toEqual(rows(5));
    expect(await kept.settledOf(9, async () => rows(6))).toEqual(rows(6));
  });
});

describe('a read that overlapped changes', () => {
  /** A read that answers `value` once released. */
  const slowly = <T>(value: T) => {
    let release = () => {};
    return { read: () => new Promise<T>((resolve) => (release = () => resolve(value))), release: () => release() };
  };

  it("is kept when none of them was its own: another player's queues, fleets, rows, command", async () => {
    const kept = new KeptReads();
    kept.setLive(true);
    const queue = slowly(territory(9));
    const research = slowly(['study']);
    const fleets = slowly(['fleet']);
    const rows = slowly([{ id: 3 }]);
    const reads = [kept.territory(1, 100, queue.read), kept.researchOf(9, 100, research.read), kept.fleetsOf(9, fleets.read), kept.settledOf(9, rows.read)];
    for (const payload of ['t2', 'u8', 'f8', 's8', 't4']) kept.forget(payload);
    kept.forgetPlayer(8);
    for (const read of [queue, research, fleets, rows]) read.release();
    await Promise.all(reads);
    expect(kept.size).toBe(4);
    expect(await kept.territory(1, 100, NEVER)).toEqual(territory(9));
    expect(await kept.researchOf(9, 100, NEVER)).toEqual(['study']);
    expect(await kept.fleetsOf(9, NEVER)).toEqual(['fleet']);
    expect(await kept.settledOf(9, NEVER)).toEqual([{ id: 3 }]);
  });

  it('is not kept when one was its own: its territory, its owner\'s command, its research, its fleets', async () => {
    for (const [read, change] of [
      [(k: KeptReads, r: () => Promise<unknown>) => k.territory(1, 100, r as () => Promise<ReturnType<typeof territory>>), (k: KeptReads) => k.forget('t1')],
      [(k: KeptReads, r: () => Promise<unknown>) => k.territory(1, 100, r as () => Promise<ReturnType<typeof territory>>), (k: KeptReads) => k.forgetPlayer(9)],
      [(k: KeptReads, r: () => Promise<unknown>) => k.researchOf(9, 100, r), (k: KeptReads) => k.forget('u9')],
      [(k: KeptReads, r: () => Promise<unknown>) => k.researchOf(9, 100, r), (k: KeptReads) => k.forgetPlayer(9)],
      [(k: KeptReads, r: () => Promise<unknown>) => k.fleetsOf(9, r), (k: KeptReads) => k.forget('f9')],
      [(k: KeptReads, r: () => Promise<unknown>) => k.fleetsOf(9, r), (k: KeptReads) => k.forgetPlayer(9)],
    ] as const) {
      const kept = new KeptReads();
      kept.setLive(true);
      const slow = slowly(territory(9));
      const pending = read(kept, slow.read);
      change(kept);
      slow.release();
      await pending;
      expect(kept.size).toBe(0);
    }
  });
});

describe("a player's command", () => {
  it('forgets the parts of what is kept for them that it names, and all of them by default', async () => {
    const keptFor = async () => {
      const kept = new KeptReads();
      kept.setLive(true);
      await kept.territory(1, 100, async () => territory(9));
      await kept.researchOf(9, 100, async () => ['study']);
      await kept.fleetsOf(9, async () => ['fleet']);
      await kept.settledOf(9, async () => [{ id: 1 }]);
      await kept.researchOf(8, 100, async () => ['theirs']);
      return kept;
    };
    const build = await keptFor();
    build.forgetPlayer(9, ['queues', 'settled']);
    expect(await build.researchOf(9, 100, NEVER)).toEqual(['study']);
    expect(await build.fleetsOf(9, NEVER)).toEqual(['fleet']);
    expect(await build.territory(1, 100, async () => territory(7))).toEqual(territory(7));
    expect(await build.settledOf(9, async () => [{ id: 2 }])).toEqual([{ id: 2 }]);

    const message = await keptFor();
    message.forgetPlayer(9, []);
    expect(message.size).toBe(5);

    const any = await keptFor();
    any.forgetPlayer(9);
    expect(any.size).toBe(1); // player 8's research only
    expect(await any.researchOf(8, 100, NEVER)).toEqual(['theirs']);
  });
});
