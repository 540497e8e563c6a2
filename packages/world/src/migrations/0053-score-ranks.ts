import { Migration } from '@mikro-orm/migrations';

/**
 * Ranks in logarithmic time: a histogram of every category's scores by bucket (each bucket 1/32 of
 * an e-fold of the score, so a score of a few points and one of millions alike sit among a few hundred
 * buckets). A rank is the players in the buckets above plus a count inside the player's bucket; a page
 * far down starts at its bucket instead of stepping past everyone above it.
 *
 * The histogram is a log of signed counts written by statement triggers on player_scores: writers only
 * insert, so score writes never wait on each other or deadlock over a shared counter row. Reads sum the
 * rows; a job every minute folds them into one row per bucket (compactScoreRanks).
 */
export class Migration0053ScoreRanks extends Migration {
  override name = '0053-score-ranks';

  override up(): void {
    this.addSql(`
      create function player_score_bucket(score double precision) returns integer language sql immutable parallel safe as $$
        select case when score < 0.001 then 0 else floor(ln(score * 1000) * 32)::integer + 1 end
      $$;
      -- Above every score of the bucket (with a margin for rounding): an index range starts here, and
      -- the exact bucket is then checked with player_score_bucket.
      create function player_score_bucket_ceiling(bucket integer) returns double precision language sql immutable parallel safe as $$
        select case when bucket = 0 then 0.001 else exp(bucket / 32.0) / 1000 end * 1.000001
      $$;

      create table player_score_ranks (
        category varchar(16) not null,
        bucket integer not null,
        players integer not null
      );
      create index player_score_ranks_bucket on player_score_ranks (category, bucket) include (players);

      create function player_score_buckets_of(s player_scores) returns table (category varchar, bucket integer) language sql immutable as $$
        values ('building_score', player_score_bucket(s.building_score)), ('research_score', player_score_bucket(s.research_score)),
          ('unit_score', player_score_bucket(s.unit_score)), ('defense_score', player_score_bucket(s.defense_score)),
          ('total_score', player_score_bucket(s.total_score))
      $$;

      create function player_score_ranks_changed() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          insert into player_score_ranks (category, bucket, players)
            select b.category, b.bucket, count(*) from new_rows n cross join lateral player_score_buckets_of(n) b group by 1, 2;
        elsif tg_op = 'DELETE' then
          insert into player_score_ranks (category, bucket, players)
            select b.category, b.bucket, -count(*) from old_rows o cross join lateral player_score_buckets_of(o) b group by 1, 2;
        else
          insert into player_score_ranks (category, bucket, players)
            select category, bucket, sum(delta) from (
              select b.category, b.bucket, 1 as delta from new_rows n cross join lateral player_score_buckets_of(n) b
              union all
              select b.category, b.bucket, -1 from old_rows o cross join lateral player_score_buckets_of(o) b
            ) d group by 1, 2 having sum(delta) <> 0;
        end if;
        return null;
      end $fn$;
      create trigger player_score_ranks_insert after insert on player_scores
        referencing new table as new_rows for each statement execute function player_score_ranks_changed();
      create trigger player_score_ranks_delete after delete on player_scores
        referencing old table as old_rows for each statement execute function player_score_ranks_changed();
      create trigger player_score_ranks_update after update on player_scores
        referencing old table as old_rows new table as new_rows for each statement execute function player_score_ranks_changed();
      create function player_score_ranks_truncated() returns trigger language plpgsql as $fn$
      begin
        delete from player_score_ranks;
        return null;
      end $fn$;
      create trigger player_score_ranks_truncate after truncate on player_scores
        for each statement execute function player_score_ranks_truncated();

      insert into player_score_ranks (category, bucket, players)
        select b.category, b.bucket, count(*) from player_scores s cross join lateral player_score_buckets_of(s) b group by 1, 2;
    `);
  }
}
