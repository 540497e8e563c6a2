import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The retention job: sends older than the universe's `messages.retention_days` are removed with every
 * copy of them (reports keep their own copy). In batches, so a large backlog never holds one long
 * transaction; a second run finds nothing. Answers how many sends it removed.
 */
export async function removeOldMessages(deps: { em: EntityManager; catalogue: Catalogue }, now: Date, batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.catalogue.universe.messages.retention_days * 86_400_000);
  let removed = 0;
  for (;;) {
    const rows = await deps.em.execute(
      'delete from message_sends where id in (select id from message_sends where created_at < ? order by created_at limit ?) returning id',
      [cutoff, batch],
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}
