// `npm run admin -- grant|revoke <username> [reason]`: the operator role of the moderation console
// (docs/operations.md "Moderation"). The only way to it: no call of the api grants it.
// Uses DATABASE_URL, or npm start's embedded database on PG_PORT (5433) when it is unset.
import { createOrm, setOperatorRole } from '@brood/world';
import { DATABASE_NAME } from './lib/stack';

const USAGE = 'usage: npm run admin -- grant <username> [reason]\n       npm run admin -- revoke <username> [reason]';

async function main(args: string[]): Promise<number> {
  const [command, username, ...why] = args;
  if ((command !== 'grant' && command !== 'revoke') || !username) {
    console.error(USAGE);
    return 2;
  }
  const url = process.env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${process.env.PG_PORT || 5433}/${DATABASE_NAME}`;
  const orm = await createOrm(url, { poolMax: 1 });
  try {
    const grant = command === 'grant';
    const reason = why.join(' ').trim() || (grant ? 'Granted from the command line' : 'Revoked from the command line');
    const result = await setOperatorRole(orm.em, username, grant, reason, new Date());
    const state = grant ? 'an operator' : 'no longer an operator';
    console.log(result.changed ? `[admin] ${result.username} (id ${result.id}) is now ${state}.` : `[admin] ${result.username} (id ${result.id}) was already ${state}.`);
    return 0;
  } catch (error) {
    console.error(`[admin] ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await orm.close(true);
  }
}

process.exitCode = await main(process.argv.slice(2));
