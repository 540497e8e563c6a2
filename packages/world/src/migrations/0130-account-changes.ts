import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to what a signed-in call knows of its account (name, guest state and expiry, operator
 * role, suspension) and every removal of an account NOTIFYs `account_changes` with the account's id
 * ('*' for a truncate), on commit, whoever writes it: an api, the worker's guest clean-up, the admin
 * command line, an operator's psql. Each api process LISTENs and drops what it kept of that account
 * (apps/api/src/auth/sessions.ts), so it need not read the account on every call. The channel's
 * name is ACCOUNT_CHANGES_CHANNEL (events.ts).
 */
export class Migration0130AccountChanges extends Migration {
  override name = '0130-account-changes';

  override up(): void {
    this.addSql(`
      create function notify_account_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('account_changes', '*');
        else
          perform pg_notify('account_changes', old.id::text);
        end if;
        return null;
      end $$;
      create trigger users_session_changed after update on users for each row
        when (old.username is distinct from new.username or old.is_test_account is distinct from new.is_test_account
          or old.expires_at is distinct from new.expires_at or old.is_operator is distinct from new.is_operator
          or old.suspended_at is distinct from new.suspended_at or old.id is distinct from new.id)
        execute function notify_account_changed();
      create trigger users_session_removed after delete on users for each row execute function notify_account_changed();
      create trigger users_session_truncated after truncate on users for each statement execute function notify_account_changed();
    `);
  }
}
