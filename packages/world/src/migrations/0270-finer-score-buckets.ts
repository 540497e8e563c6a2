import { Migration } from '@mikro-orm/migrations';

/**
 * The rank histogram's buckets four times finer: 128 to an e-fold of the score (0.8% of a score
 * wide) instead of 32 (3.2%). A player's own place counts the players ahead of them inside their own
 * bucket, and the page holding them is reached by an offset inside the bucket the page starts in, so
 * both read every index entry of a bucket above the player: in the universe bench, whose 50,000
 * players lie within a factor of two of each other, about 1,400 entries each, 8.5 ms of the database a
 * call. A quarter of that to read; the histogram grows to at most 128 rows an e-fold a category
 * (a universe whose scores span twelve e-folds, 1 to 160,000, has 1,536), summed by an index-only scan.
 *
 * The histogram is rebuilt from the scores in the same transaction, with the scores locked against
 * writes meanwhile (a write's trigger would log its counts in the old buckets).
 */
export class Migration0270FinerScoreBuckets extends Migration {
  override name = '0270-finer-score-buckets';

  override up(): void {
    this.addSql(`
      lock table player_scores in share mode;
      create or replace function player_score_bucket(score double precision) returns integer language sql immutable parallel safe as $$
        select case when score < 0.001 then 0 else floor(ln(score * 1000) * 128)::integer + 1 end
      $$;
      create or replace function player_score_bucket_ceiling(bucket integer) returns double precision language sql immutable parallel safe as $$
        select case when bucket = 0 then 0.001 else exp(bucket / 128.0) / 1000 end * 1.000001
      $$;
      delete from player_score_ranks;
      insert into player_score_ranks (category, bucket, players)
        select b.category, b.bucket, count(*) from player_scores s cross join lateral player_score_buckets_of(s) b group by 1, 2;
    `);
  }
}
