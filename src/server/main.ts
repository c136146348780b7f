import fs from 'node:fs';
import path from 'node:path';
import { createInklift } from './app';
import { loadConfig } from './config';
import { findAccountByKey, newApiKey } from './db/accounts';
import { FolderLockedError } from './db/folderLock';

/** On the embedded default a demo key is made once and kept in the data folder, so restarts reuse it. */
function demoKeyFor(dataDir: string): string {
  const file = path.join(dataDir, 'demo-key.txt');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = newApiKey();
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

async function main() {
  const config = loadConfig();
  if (!config.demoKey && !config.databaseUrl && process.env.INKLIFT_DEMO !== '0') config.demoKey = demoKeyFor(config.dataDir);

  const inklift = await createInklift(config);
  const stop = async (signal: string) => {
    inklift.app.log.info(`${signal}: shutting down`);
    await inklift.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await inklift.app.listen({ port: config.port, host: config.host });
  const origin = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Inklift is running at ${origin}  (API reference: ${origin}/api/docs)`,
    `Database: ${inklift.sql.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.demoKey) {
    const account = await findAccountByKey(inklift.sql, config.demoKey);
    lines.push(
      `Demo API key: ${config.demoKey}`,
      `Balance: ${account?.remaining ?? 0} of ${account?.limit ?? 0} processings remaining`,
      `Try: curl -H "Authorization: Bearer ${config.demoKey}" -F file=@scan.jpg -F type=png ${origin}/api/clean -o ink.png`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error instanceof FolderLockedError ? `inklift: ${error.message}` : error);
  process.exit(1);
});
