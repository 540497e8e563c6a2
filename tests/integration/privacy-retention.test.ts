import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { removeExpiredAddresses, type PlayerDetail, type SharedAccount } from '@brood/world';
import { addressRetentionJob } from '../../apps/sim-worker/src/jobs/address-retention.job';
import { runJob } from '../../apps/sim-worker/src/worker';
import { makeOperator, signUp, trpc } from './support/moderation';
import { useTestApi } from './support/test-api';

/**
 * Addresses are kept `address_retention_days` (30) and no longer (docs/privacy.md): the sim-worker's
 * `address-retention` job removes every older one (sign-up and last sign-in addresses, sign-in
 * addresses, throttling records), keeps the newer ones, and the console sees back that far.
 */

const ctx = useTestApi();
const DAY = 86_400_000;

describe('address retention', () => {
  it('the job removes addresses older than the retention days and keeps newer ones; the console says how far back it sees', async () => {
    const days = ctx.api.deps.catalogue.universe.address_retention_days;
    expect(days).toBe(30);
    const old = await signUp(ctx, 'ret_old', '10.31.0.1');
    const fresh = await signUp(ctx, 'ret_fresh', '10.31.0.1');
    const op = await signUp(ctx, 'ret_op', '10.31.0.9');
    await makeOperator(ctx, op);
    const now = new Date();
    const before = new Date(now.getTime() - (days + 1) * DAY);
    const within = new Date(now.getTime() - (days - 1) * DAY);
    await ctx.sql.query('update users set created_at = $2, last_login_at = $2 where id = $1', [old.id, before]);
    await ctx.sql.query('update login_known_addresses set last_success_at = $2 where user_id = $1', [old.id, before]);
    await ctx.sql.query('update users set created_at = $2, last_login_at = $2 where id = $1', [fresh.id, within]);
    await ctx.sql.query('update login_known_addresses set last_success_at = $2 where user_id = $1', [fresh.id, within]);
    await ctx.sql.query(`insert into login_attempts (identifier, ip, attempted_at) values ('ret_x', '10.31.0.2', $1), ('ret_x', '10.31.0.3', $2)`, [before, within]);
    await ctx.sql.query(`insert into signups (kind, ip, created_at) values ('guest', '10.32.0.2', $1), ('guest', '10.32.0.3', $2)`, [before, within]);

    const signals = async () => (await trpc<PlayerDetail>(ctx, op, 'admin.player', { user_id: fresh.id })).data;
    expect((await signals()).shared_address_accounts.map((s: SharedAccount) => s.id)).toEqual([old.id]);

    const base = { orm: ctx.api.db.orm, boss: ctx.api.deps.boss, log: pino({ level: 'silent' }), catalogue: ctx.api.deps.catalogue, now: () => now };
    expect(await runJob(addressRetentionJob, base, { id: 'retention', name: addressRetentionJob.contract.name, data: {}, retryCount: 0 } as never)).toBe('ran');

    const users = await ctx.sql.query('select id, signup_ip, last_login_ip from users where id = any($1::int[]) order by id', [[old.id, fresh.id]]);
    expect(users.rows).toEqual([
      { id: old.id, signup_ip: null, last_login_ip: null },
      { id: fresh.id, signup_ip: '10.31.0.1', last_login_ip: '10.31.0.1' },
    ]);
    const known = await ctx.sql.query('select user_id from login_known_addresses where user_id = any($1::int[])', [[old.id, fresh.id]]);
    expect(known.rows).toEqual([{ user_id: fresh.id }]);
    expect((await ctx.sql.query(`select ip from login_attempts where identifier = 'ret_x'`)).rows).toEqual([{ ip: '10.31.0.3' }]);
    expect((await ctx.sql.query(`select ip from signups where ip like '10.32.0.%'`)).rows).toEqual([{ ip: '10.32.0.3' }]);

    // The console no longer links the two accounts, and says how far back it can see.
    const page = await signals();
    expect(page.shared_address_accounts).toEqual([]);
    expect(page.addresses_kept_days).toBe(days);

    // A second run finds nothing more to remove.
    expect(await removeExpiredAddresses(ctx.api.db.orm.em, ctx.api.deps.catalogue, now)).toBe(0);
  });
});
