import { Territory } from '../../entities/territory.entity';
import { sqlRows } from '../../kernel/bulk-write';
import { lockDepartingFleets } from '../../kernel/locks';
import { DELETED_PLAYER } from '../../queries/departed-names';
import { alliancesLedBy, announceSuccessions } from '../alliances/alliance-succession';
import type { LegsTx } from '../flight/fleet-legs';
import { sendAllyHome } from '../fleets/send-ally-home';
import { INITIATOR } from '../multi-party/attack-group';
import { leaveGroup } from '../multi-party/group-recall';


const escapeRegex = (name: string) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * Removes these accounts (their user rows already locked by the caller, step 2) with everything they
 * own, inside the caller's fleet transaction: the one path of a guest's expiry and of a player who
 * deletes their account. Before the rows go (the foreign keys cascade: territories, queues, fleets,
 * notifications, memberships):
 * - an attack group one of them leads breaks up: every other fleet turns home, told so;
 * - other players' fleets stationed at their territories (or on their way) are sent home, told so;
 * - their names in the Hall of Fame and in other players' notices read DELETED_PLAYER (battle reports
 *   are read so: queries/departed-names.ts);
 * - their private messages go where no other player keeps a copy; the other side keeps theirs, the
 *   account's id set null by the foreign key and its name read DELETED_PLAYER; buddies and blocks go
 *   with the account (cascade); a report keeps its copied text, its ids set null;
 * and after, the alliances they led pass to their successors, whose members are told.
 */
export async function removeAccounts(tx: LegsTx, userIds: readonly number[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  const doomed = new Set(userIds);
  const led = await alliancesLedBy(tx.em, tx.catalogue, userIds, now);
  const fleets = await lockDepartingFleets(tx.em, userIds);
  for (const lead of fleets.filter((m) => m.mission === INITIATOR && doomed.has(m.userId))) {
    const group = fleets.filter((m) => m.attackGroupId === lead.id && (m.id === lead.id || !doomed.has(m.userId)));
    await leaveGroup(tx, lead, INITIATOR, group, now, DELETED_PLAYER);
  }
  for (const m of fleets.filter((f) => !doomed.has(f.userId) && (f.mission === 'ALLIED_STATIONED' || f.mission === 'ALLIED_STATIONING_PENDING'))) {
    const host = m.targetTerritoryId != null ? await tx.em.findOne(Territory, { id: m.targetTerritoryId }) : null;
    if (host?.owner && doomed.has(host.owner.id)) await sendAllyHome(tx, m, host, `The owner of ${host.name} has left the game.`, now);
  }
  await forgetNames(tx, userIds);
  await forgetOwnCopies(tx, userIds);
  await tx.em.flush();
  await tx.em.execute(`delete from users where id in (${userIds.map(() => '?').join(', ')})`, [...userIds]);
  await announceSuccessions(tx.em, tx.catalogue, led, now);
}

/** The messages whose other side deleted their copy too (or is removed with them): nobody keeps these. */
async function forgetOwnCopies(tx: LegsTx, userIds: readonly number[]): Promise<void> {
  await sqlRows(tx.em,
    `delete from messages where (sender_id = any($1::int[]) and (recipient_deleted or recipient_id = any($1::int[])))
                             or (recipient_id = any($1::int[]) and sender_deleted)`,
    [[...userIds]],
  );
}

/**
 * The Hall of Fame's copies of their names, and their names in other players' notification titles and
 * texts (a whole word, never a JSON key), become DELETED_PLAYER. The notices are scanned once per removal.
 */
async function forgetNames(tx: LegsTx, userIds: readonly number[]): Promise<void> {
  const ids = [...userIds];
  await sqlRows(tx.em,
    `update hall_of_fame_entries
        set attacker_username = case when attacker_user_id = any($1::int[]) then $2 else attacker_username end,
            defender_username = case when defender_user_id = any($1::int[]) then $2 else defender_username end
      where attacker_user_id = any($1::int[]) or defender_user_id = any($1::int[])`,
    [ids, DELETED_PLAYER],
  );
  const names = await sqlRows<{ username: string }>(tx.em, 'select username from users where id = any($1::int[])', [ids]);
  if (names.length === 0) return;
  const word = `(?<![A-Za-z0-9_-])(?:${names.map((n) => escapeRegex(n.username)).join('|')})(?![A-Za-z0-9_-])(?!":)`;
  await sqlRows(tx.em,
    `update notifications
        set title = left(regexp_replace(title, $2, $3, 'g'), 200), content = regexp_replace(content::text, $2, $3, 'g')::jsonb
      where user_id <> all($1::int[]) and (title ~ $2 or content::text ~ $2)`,
    [ids, word, DELETED_PLAYER],
  );
}
