import { Migration } from '@mikro-orm/migrations';

export class Migration0051Scores extends Migration {
  override name = '0051-scores';

  override up(): void {
    this.addSql(`
      -- Scores live beside the user row, not on it: a completion updates them while it holds a
      -- territory lock, and the user row is locked before territories (lockPlayer), so writing the
      -- user row there could deadlock with a research start.
      create table player_scores (
        user_id integer primary key references users (id) on delete cascade,
        building_score double precision not null default 0,
        research_score double precision not null default 0,
        unit_score double precision not null default 0,
        defense_score double precision not null default 0,
        total_score double precision not null default 0,
        updated_at timestamptz not null default now()
      );
      -- Each ordering of the highscores (category descending, then user id) has its index, so a page
      -- and a player's rank (a count of the players ahead) are index range scans.
      create index player_scores_total on player_scores (total_score desc, user_id);
      create index player_scores_building on player_scores (building_score desc, user_id);
      create index player_scores_research on player_scores (research_score desc, user_id);
      create index player_scores_unit on player_scores (unit_score desc, user_id);
      create index player_scores_defense on player_scores (defense_score desc, user_id);

      -- Every player is on the highscores from the start.
      insert into player_scores (user_id, total_score) select id, score from users;
      create function player_scores_on_user_insert() returns trigger language plpgsql as $$
      begin
        insert into player_scores (user_id) values (new.id) on conflict do nothing;
        return new;
      end;
      $$;
      create trigger users_player_scores after insert on users for each row execute function player_scores_on_user_insert();
    `);
  }
}
