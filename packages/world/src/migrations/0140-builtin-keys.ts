import { Migration } from '@mikro-orm/migrations';

/**
 * The names JavaScript objects inherit (Object.prototype's own properties, and `prototype`), which
 * no catalogue map has as a key of its own. Before issue #24 a transport could carry a resource
 * named `constructor`; it was delivered into the target's stock and notifications, and from then on
 * superjson refused to send the victim's notifications. The api now refuses such keys; this repair
 * removes them from stored rows. A migration cannot read the JSON catalogue, so it removes these
 * names, the only ones the old `key in catalogue.resources` check let through.
 */
export const BUILTIN_KEYS = [
  'constructor', '__proto__', 'prototype', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'toLocaleString', 'valueOf',
  '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__',
] as const;

const keyList = BUILTIN_KEYS.map((key) => `'${key}'`).join(', ');
// jsonb prints a key as "key": so only rows holding one of the names as a key are rewritten.
const keyPattern = `"(${BUILTIN_KEYS.join('|')})":`;

/**
 * Every jsonb column of the game's tables (stocks, cargo, units, wreckage, paid costs, notification
 * contents, audit details...), at any depth. A plain update of these columns fires no trigger that
 * acts on them (a transport's delivery record waits for its mission to change).
 */
export class Migration0140BuiltinKeys extends Migration {
  override name = '0140-builtin-keys';

  override up(): void {
    this.addSql(`
      create function strip_builtin_keys(value jsonb) returns jsonb language plpgsql immutable as $$
      begin
        return case jsonb_typeof(value)
          when 'object' then coalesce((select jsonb_object_agg(key, strip_builtin_keys(item)) from jsonb_each(value) as e(key, item) where key <> all (array[${keyList}])), '{}'::jsonb)
          when 'array' then coalesce((select jsonb_agg(strip_builtin_keys(item) order by n) from jsonb_array_elements(value) with ordinality as a(item, n)), '[]'::jsonb)
          else value
        end;
      end $$;
      do $$
      declare col record;
      begin
        for col in select table_name, column_name from information_schema.columns c
                    where c.table_schema = current_schema() and c.data_type = 'jsonb'
                      and exists (select 1 from information_schema.tables t where t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE') loop
          execute format('update %I set %I = strip_builtin_keys(%I) where %I::text ~ %L', col.table_name, col.column_name, col.column_name, col.column_name, '${keyPattern}');
        end loop;
      end $$;
      drop function strip_builtin_keys(jsonb);
    `);
  }
}
