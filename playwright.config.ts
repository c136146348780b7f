import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (real database, no mocks):
 * the web app is built, then `tsx src/server/main.ts` serves it on E2E_PORT with a fresh data
 * folder and a fixed demo key. One worker: the machine is shared and has 2 cores.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DEMO_KEY = 'e2e-demo-key-0123456789abcdef';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

export default defineConfig({
  testDir: 'e2e',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '.tmp/test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npm run build:web --silent && INKLIFT_DATA_DIR=$(mktemp -d /tmp/inklift-e2e-XXXXXX) PORT=${E2E_PORT} INKLIFT_DEMO_KEY=${E2E_DEMO_KEY} INKLIFT_DEMO_LIMIT=1000 npx tsx src/server/main.ts`,
    url: `http://localhost:${E2E_PORT}/api/app-config`,
    timeout: 300_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
