import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { lockTerritories } from '../../kernel/access';
import { addNotification, addNotifications } from '../notifications/add-notification';
import { territoryNameRule } from '../territories/rename-territory.command';
import { allianceInput } from '../alliances/alliance-input';
import { lockAlliance } from '../../kernel/locks';
import { memberIds } from '../alliances/alliance-members';
import { NAME_OR_TAG_TAKEN } from '../alliances/found-alliance.command';
import { appendAudit, MODERATION_RULES, reasonText, type Operator } from './audit';

/** An operator renames an offensive territory (same length rule as its owner's rename); the owner is told. */
export async function renameTerritoryAsOperator(
  deps: WorldDeps, operator: Operator, input: { territory_id: number; name: string; reason: string }, now: Date,
): Promise<{ id: number; name: string }> {
  const reason = reasonText(input.reason);
  const name = input.name.trim();
  const max = deps.catalogue.universe.territory_name_max_length;
  if (name.length < 1 || [...name].length > max) throw fail.unprocessable(territoryNameRule(max));
  return inTransaction(deps, async (tx) => {
    const territory = (await lockTerritories(tx.em, [input.territory_id])).get(input.territory_id);
    if (!territory) throw fail.notFound(MODERATION_RULES.territory);
    const before = territory.name;
    territory.name = name;
    await tx.em.flush();
    await appendAudit(tx.em, operator, { action: 'RENAME_TERRITORY', target_kind: 'territory', target_id: territory.id, target_label: name, reason, details: { from: before, to: name } }, now);
    const ownerId = territory.owner?.id;
    if (ownerId != null) {
      await addNotification(tx, ownerId, { message_type: 'GENERIC_INFORMATION', title: `An operator renamed ${before} to ${name}`, content: { message: `Your territory ${before} is now called ${name}.`, details: reason }, related_object_id: territory.id }, now);
    }
    return { id: territory.id, name };
  });
}

/** An operator renames an offensive alliance (name and tag, the founding rules); every member is told. */
export async function renameAllianceAsOperator(
  deps: WorldDeps, operator: Operator, input: { alliance_id: number; name: string; tag: string; reason: string }, now: Date,
): Promise<{ id: number; name: string; tag: string }> {
  const reason = reasonText(input.reason);
  const fields = allianceInput({ name: input.name, tag: input.tag });
  return inTransaction(deps, async (tx) => {
    const alliance = await lockAlliance(tx.em, input.alliance_id);
    const [before] = await tx.em.execute<{ tag: string }[]>('select tag from alliances where id = ?', [alliance.id]);
    const taken = await tx.em.execute('select 1 from alliances where (lower(name) = lower(?) or tag = ?) and id <> ?', [fields.name, fields.tag, alliance.id]);
    if (taken.length > 0) throw fail.conflict(NAME_OR_TAG_TAKEN);
    try {
      await tx.em.execute('update alliances set name = ?, tag = ? where id = ?', [fields.name, fields.tag, alliance.id]);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw fail.conflict(NAME_OR_TAG_TAKEN);
      throw error;
    }
    const from = `[${before!.tag}] ${alliance.name}`;
    await appendAudit(tx.em, operator, { action: 'RENAME_ALLIANCE', target_kind: 'alliance', target_id: alliance.id, target_label: `[${fields.tag}] ${fields.name}`, reason, details: { from, to: `[${fields.tag}] ${fields.name}` } }, now);
    const title = `An operator renamed your alliance ${from} to [${fields.tag}] ${fields.name}`;
    const note = { message_type: 'GENERIC_INFORMATION' as const, title, content: { message: title, details: reason }, related_object_id: alliance.id };
    await addNotifications(tx, (await memberIds(tx.em, alliance.id)).map((userId) => ({ userId, input: note })), now);
    return { id: alliance.id, name: fields.name, tag: fields.tag };
  });
}
