import type { EntityManager } from '@mikro-orm/postgresql';
import { perPool } from '../kernel/per-pool';
import { highscoreColumn, listHighscores, ownHighscore, type HighscoreEntry, type HighscoreSortKey, type OwnHighscore } from './highscores.query';

/**
 * Highscore pages as the api answers them: each page read is kept by the api process for up to
 * HIGHSCORE_PAGE_KEPT_MS with its JSON text, so the pages everyone opens (the first ones) are read and
 * serialised (and compressed by the api) once a second rather than once a request. A page may
 * therefore be up to a second old; the player's own rank, with its page, is always read fresh.
 */
export const HIGHSCORE_PAGE_KEPT_MS = 1000;
/** At most this many pages kept (some 20 kB each), the oldest dropped first. */
const MAX_PAGES = 500;

interface KeptPage {
  readAt: number;
  entries: HighscoreEntry[];
  /** `entries` as JSON text: sent as it is, its compressed bytes kept beside it. */
  json: Buffer;
}

type PageQuery = { skip: number; limit: number; sort_by: HighscoreSortKey };

class KeptPages {
  private readonly pages = new Map<string, KeptPage>();

  take(key: string, now: number): KeptPage | undefined {
    const page = this.pages.get(key);
    return page && now - page.readAt < HIGHSCORE_PAGE_KEPT_MS ? page : undefined;
  }

  keep(key: string, entries: HighscoreEntry[], readAt: number): KeptPage {
    const page = { readAt, entries, json: Buffer.from(JSON.stringify(entries), 'utf8') };
    this.pages.delete(key);
    this.pages.set(key, page);
    for (const [old, kept] of this.pages) {
      if (this.pages.size <= MAX_PAGES && readAt - kept.readAt < HIGHSCORE_PAGE_KEPT_MS) break;
      this.pages.delete(old);
    }
    return page;
  }
}

/** One set per connection pool (perPool). */
const keptByPool = new WeakMap<object, KeptPages>();
const keptPages = (em: EntityManager) => perPool(keptByPool, em, () => new KeptPages());

const keyOf = (q: PageQuery) => `${highscoreColumn(q.sort_by)}:${q.skip}:${q.limit}`;

/** GET /highscores: a page (listHighscores), kept for up to a second. */
export async function keptHighscorePage(em: EntityManager, query: PageQuery, now = Date.now()): Promise<{ entries: HighscoreEntry[]; json: Buffer }> {
  const kept = keptPages(em);
  return kept.take(keyOf(query), now) ?? kept.keep(keyOf(query), await listHighscores(em, query), now);
}

/**
 * GET /highscores/me: the player's rank and the page holding it, read fresh in one statement
 * (ownHighscore); the page is kept for the list calls. Answers the view and its JSON text.
 */
export async function keptOwnHighscore(
  em: EntityManager,
  userId: number,
  query: { sort_by: HighscoreSortKey; limit: number },
  now = Date.now(),
): Promise<{ view: OwnHighscore; json: Buffer }> {
  const view = await ownHighscore(em, userId, query);
  const page = keptPages(em).keep(keyOf({ skip: (view.pageNumber - 1) * query.limit, limit: query.limit, sort_by: query.sort_by }), view.entriesOnPage, now);
  const head = `{"userEntry":${JSON.stringify(view.userEntry)},"rankWithinCategory":${view.rankWithinCategory},"pageNumber":${view.pageNumber},"entriesOnPage":`;
  return { view, json: Buffer.concat([Buffer.from(head, 'utf8'), page.json, Buffer.from('}', 'utf8')]) };
}
