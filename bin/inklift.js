#!/usr/bin/env node
// `npx inklift …` and `npm run cli -- …`: the local command line (src/server/cli/inklift.ts), run
// through tsx so the TypeScript sources need no build step.
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
try {
  const { main } = await import('../src/server/cli/inklift.ts');
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`inklift: ${error?.stack ?? String(error)}\n`);
  process.exitCode = 2;
}
