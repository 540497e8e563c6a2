import { Migration } from '@mikro-orm/migrations';

/**
 * Fleets that strike one target together (a multi-party attack, GAME-RULES "Multi-party attack")
 * share an attack group: the initiator's movement id. A lone ATTACK has none. The arrival of a group
 * fights every member due at that instant as one attacking side.
 */
export class Migration0041AttackGroups extends Migration {
  override name = '0041-attack-groups';

  override up(): void {
    this.addSql(`
      alter table movements add column attack_group_id uuid;
      create index movements_attack_group on movements (attack_group_id) where attack_group_id is not null;
    `);
  }
}
