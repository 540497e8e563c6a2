import { Migration } from '@mikro-orm/migrations';
import { gridCheck } from '../db/grid';

/**
 * Every battle, kept so it can be re-run: the input without the catalogue (participants, target), the
 * seed, the combat engine's version and the report exactly as resolved. Input and report are `json`
 * (not jsonb) so the stored text is the text written, byte for byte: a replay compares against it.
 * The catalogue a battle read is stored once per distinct catalogue (by its hash), not per battle.
 */
export class Migration0060Battles extends Migration {
  override name = '0060-battles';

  override up(): void {
    this.addSql(`
      create table battle_catalogues (
        hash text primary key,
        catalogue json not null,
        created_at timestamptz not null default now()
      );
      create table battles (
        id bigserial primary key,
        fought_at timestamptz not null,
        region integer not null ${gridCheck('region', 'region')},
        sub_region integer not null ${gridCheck('sub_region', 'sub_region')},
        position integer not null ${gridCheck('position', 'position')},
        participant_user_ids integer[] not null,
        seed text not null,
        engine_version integer not null,
        catalogue_hash text not null references battle_catalogues (hash),
        input json not null,
        report json not null,
        created_at timestamptz not null default now()
      );
      create index battles_fought_at on battles (fought_at);
      create index battles_participants on battles using gin (participant_user_ids);
    `);
  }
}
