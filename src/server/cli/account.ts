/**
 * Operator CLI for accounts and keys (keys are managed outside the API):
 *   npm run account -- create [--name NAME] [--limit N]
 *   npm run account -- list
 *   npm run account -- topup <account-id> <amount>
 *   npm run account -- revoke <key-id-or-prefix>
 *   npm run account -- key <account-id> [--name NAME]     (adds a key to an account)
 * Uses DATABASE_URL when set, else the embedded database in INKLIFT_DATA_DIR (stop the server first).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { addApiKey, createAccount, getAccount, listAccounts, newApiKey, revokeKey, topUp } from '../db/accounts';
import { FolderLockedError } from '../db/folderLock';
import { openDatabase } from '../db/open';

const USAGE = `usage: npm run account -- <create [--name N] [--limit N] | list | topup <account-id> <amount> | revoke <key-id|prefix> | key <account-id> [--name N]>`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, limit: { type: 'string' } },
  });
  const [command, ...rest] = positionals;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const sql = await openDatabase(loadConfig());
  try {
    switch (command) {
      case 'create': {
        const limit = Number(values.limit ?? 100);
        if (!Number.isInteger(limit) || limit < 0) throw new UsageError('--limit must be a whole number ≥ 0');
        const key = newApiKey();
        const account = await sql.transaction(async (tx) => {
          const created = await createAccount(tx, values.name ?? 'account', limit);
          await addApiKey(tx, created.id, key, 'cli');
          return created;
        });
        console.log(`account ${account.id} (${account.name}), balance ${account.remaining}/${account.limit}`);
        console.log(`API key (shown once, keep it secret): ${key}`);
        return 0;
      }
      case 'key': {
        const account = await getAccount(sql, rest[0] ?? '');
        if (!account) throw new UsageError(`no account ${rest[0]}`);
        const key = newApiKey();
        await addApiKey(sql, account.id, key, values.name ?? 'cli');
        console.log(`API key for ${account.id} (shown once): ${key}`);
        return 0;
      }
      case 'list': {
        for (const account of await listAccounts(sql)) {
          console.log(`${account.id}  ${account.name}  balance ${account.remaining}/${account.limit}`);
          for (const key of account.keys) {
            console.log(`    key ${key.id}  ${key.prefix}…  ${key.name ?? ''}  created ${key.createdAt}${key.revokedAt ? `  REVOKED ${key.revokedAt}` : ''}`);
          }
        }
        return 0;
      }
      case 'topup': {
        const amount = Number(rest[1]);
        if (!rest[0] || !Number.isInteger(amount) || amount <= 0) throw new UsageError('topup <account-id> <amount ≥ 1>');
        const account = await topUp(sql, rest[0], amount);
        if (!account) throw new UsageError(`no account ${rest[0]}`);
        console.log(`account ${account.id}: balance ${account.remaining}/${account.limit}`);
        return 0;
      }
      case 'revoke': {
        if (!rest[0]) throw new UsageError('revoke <key-id|prefix>');
        const count = await revokeKey(sql, rest[0]);
        if (count === 0) throw new UsageError(`no active key matches ${rest[0]}`);
        console.log(`revoked ${count} key(s)`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    await sql.close();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) console.error(`account: ${error.message}\n${USAGE}`);
    else if (error instanceof FolderLockedError) console.error(`account: ${error.message}`);
    else console.error(error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
