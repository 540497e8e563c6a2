import { Migration } from '@mikro-orm/migrations';

/**
 * An exploring fleet (GAME-RULES "Exploration") stays at its target for its hours after the outbound
 * leg: `exploring_since` is the instant it arrived there (null on every other leg). The next arrival
 * of such a movement is the end of its stay, where the outcome is drawn; a recall during the stay
 * flies the whole leg home.
 */
export class Migration0075Exploring extends Migration {
  override name = '0075-exploring';

  override up(): void {
    this.addSql(`alter table movements add column exploring_since timestamptz;`);
  }
}
