/**
 * Content-Security-Policy violations of a page and of every worker it starts. The page's own come
 * from its `securitypolicyviolation` events; a worker's are not seen by the page (nor in Playwright's
 * console events, which for workers carry console API calls only), so they are taken from the
 * reports the browser POSTs to the policy's `report-uri` (/api/csp-report), which the page, its
 * workers and their nested workers (onnxruntime's threads) all send.
 */
import type { Page, Request } from '@playwright/test';

export interface CspViolation {
  via: 'page event' | 'report';
  directive: string;
  blocked: string;
  document: string;
  source: string;
  sample: string;
}

type Reported = Omit<CspViolation, 'via'>;

function fromReport(request: Request): Reported[] {
  const body = request.postDataJSON() as { 'csp-report'?: Record<string, unknown> } | null;
  const report = body?.['csp-report'];
  if (!report) return [];
  const text = (key: string) => String(report[key] ?? '');
  return [{ directive: text('effective-directive') || text('violated-directive'), blocked: text('blocked-uri'), document: text('document-uri'), source: text('source-file'), sample: text('script-sample') }];
}

/** Starts collecting before the page's first navigation; the reports still reach the server (it logs them). */
export async function watchCspViolations(page: Page): Promise<{ list(): CspViolation[]; describe(): string }> {
  const found: CspViolation[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, violation: Reported) => {
    found.push({ via: 'page event', ...violation });
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation(v: unknown): void }).__reportCspViolation;
        report({ directive: event.effectiveDirective, blocked: event.blockedURI, document: event.documentURI, source: event.sourceFile, sample: event.sample });
      },
      true,
    );
  });
  await page.context().route('**/api/csp-report', async (route) => {
    for (const violation of fromReport(route.request())) found.push({ via: 'report', ...violation });
    await route.continue();
  });
  return {
    list: () => [...found],
    describe: () => found.map((v) => `${v.via}: ${v.directive} refused ${v.blocked || '(inline)'} in ${v.document} (${v.source}) ${v.sample}`).join('\n'),
  };
}
