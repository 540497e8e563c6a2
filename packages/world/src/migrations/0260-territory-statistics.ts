import { Migration } from '@mikro-orm/migrations';

/**
 * No statistics for the territories' jsonb columns (stock, structures, units, defenses). Every
 * command and settle writes a territory's row, so with players online autovacuum analyzes the table
 * every minute; most of that time went to those four columns (sampling, detoasting and comparing
 * their values), which no query filters or joins on: 1.2 to 1.8 s of a core each minute at 3,000
 * players online, 0.4 s without them (0.1 s on a quiet database). The other columns (owner,
 * coordinates, names) keep their statistics, which the plans use.
 */
export class Migration0260TerritoryStatistics extends Migration {
  override name = '0260-territory-statistics';

  override up(): void {
    this.addSql(`
      alter table territories
        alter column resources set statistics 0,
        alter column structures set statistics 0,
        alter column units set statistics 0,
        alter column defenses set statistics 0;
    `);
  }
}
