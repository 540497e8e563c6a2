import { Migration } from '@mikro-orm/migrations';

/**
 * The alliance search (part of the name or tag, any case) reads trigram indexes instead of every
 * alliance: `ilike '%text%'` on a column with a gin_trgm_ops index is a bitmap index scan once the text
 * has three characters (shorter texts match so many alliances that the ordered scan by name stops early).
 * pg_trgm ships with PostgreSQL and is a trusted extension: the database's owner may create it.
 */
export class Migration0054AllianceSearch extends Migration {
  override name = '0054-alliance-search';

  override up(): void {
    this.addSql(`
      create extension if not exists pg_trgm;
      create index alliances_name_trgm on alliances using gin (name gin_trgm_ops);
      create index alliances_tag_trgm on alliances using gin (tag gin_trgm_ops);
    `);
  }
}
