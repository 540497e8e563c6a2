import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 12: a battle's report is stored once, in `battles`. COMBAT_REPORT and DEFENSE_REPORT
 * notifications store {battle_id} and a Hall of Fame entry its `battle_id`; the api serves both
 * expanded to the report as before (report::jsonb with battle_id and engine_version). Older rows that
 * hold an exact copy of their battle's report become references; any other row stays as it is and
 * is served as stored.
 */
export class Migration0100ReportsStoredOnce extends Migration {
  override name = '0100-reports-stored-once';

  override up(): void {
    this.addSql(`
      alter table hall_of_fame_entries
        add column battle_id bigint null references battles (id),
        alter column combat_log_data drop not null,
        add constraint hall_of_fame_entries_log check (combat_log_data is not null or battle_id is not null);

      update notifications n set content = jsonb_build_object('battle_id', b.id)
        from battles b
       where n.message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT')
         and jsonb_typeof(n.content) = 'object' and n.content ? 'outcome' and jsonb_typeof(n.content -> 'battle_id') = 'number'
         and b.id = (n.content ->> 'battle_id')::bigint
         and n.content = (b.report::jsonb || jsonb_build_object('battle_id', b.id, 'engine_version', b.engine_version));

      update hall_of_fame_entries e set battle_id = b.id, combat_log_data = null
        from battles b
       where jsonb_typeof(e.combat_log_data -> 'battle_id') = 'number'
         and b.id = (e.combat_log_data ->> 'battle_id')::bigint
         and e.combat_log_data = (b.report::jsonb || jsonb_build_object('battle_id', b.id, 'engine_version', b.engine_version));
    `);
  }
}
