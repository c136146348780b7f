import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/** Where browsers POST what a policy refused (`report-uri`: sent at once, from pages and workers alike). */
export const CSP_REPORT_PATH = '/api/csp-report';

/** JSON answers are never rendered, framed or allowed to load anything. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The web app's policy, sent with every file of the app: the page takes it from index.html's
 * response, each worker (the processor, onnxruntime's threads, pdf.js's, the service worker) from
 * its own script's response. Scripts, styles and workers only from our origin, nothing inline and
 * no eval; WebAssembly may compile (onnxruntime-web, pdf.js's decoders). Images are our own, the
 * blob: URLs of results made on this device, and the stored files' origins; fetches reach our API
 * and those origins, plus any http(s) address: a document given by link is fetched by the page.
 */
export function appPolicy(storedFileOrigins: readonly string[] = []): string {
  const files = [...new Set(storedFileOrigins)];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'blob:', ...files],
    ['connect-src', "'self'", ...files, 'https:', 'http:'],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** A generated HTML page's policy: nothing but its own inline stylesheet, by hash. */
export function inlineStylePagePolicy(css: string): string {
  const hash = crypto.createHash('sha256').update(css).digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/**
 * Origins the app's stored files come from besides its own: INKLIFT_PUBLIC_URL (file URLs are built
 * on it) and, when downloads redirect to presigned S3 URLs, the origin the S3 client signs for
 * (path-style endpoint or virtual-hosted bucket), asked of the client itself rather than guessed.
 */
export async function storedFileOrigins(publicUrl: string | null, presignedUrl: ((key: string) => Promise<string>) | null): Promise<string[]> {
  const origins: string[] = [];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  if (presignedUrl) origins.push(new URL(await presignedUrl('csp-origin-probe')).origin);
  return [...new Set(origins)];
}

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0];
  return pathname.startsWith('/api/') || pathname.startsWith('/account/');
}

/**
 * Sends the app's policy with everything outside /api (the app page, its SPA routes, scripts and
 * workers) and the API policy with JSON answers; a route that sets its own policy keeps it.
 */
export function registerContentSecurityPolicy(app: FastifyInstance, policy: string) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-security-policy')) return payload;
    if (!isApiPath(request.url)) reply.header('content-security-policy', policy);
    else if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.header('content-security-policy', API_POLICY);
    return payload;
  });
}

const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
const REPORT_BODY_LIMIT = 64 * 1024;

/** The fields of a violation an operator needs to see what was refused, and where. */
interface ViolationSummary {
  directive?: string;
  blocked?: string;
  document?: string;
  source?: string;
  line?: number;
  sample?: string;
}

const text = (value: unknown, max = 300) => (typeof value === 'string' ? value.slice(0, max) : undefined);

function summarise(report: Record<string, unknown>): ViolationSummary {
  return {
    directive: text(report['effective-directive'] ?? report['violated-directive'] ?? report.effectiveDirective),
    blocked: text(report['blocked-uri'] ?? report.blockedURL),
    document: text(report['document-uri'] ?? report.documentURL),
    source: text(report['source-file'] ?? report.sourceFile),
    line: typeof (report['line-number'] ?? report.lineNumber) === 'number' ? ((report['line-number'] ?? report.lineNumber) as number) : undefined,
    sample: text(report['script-sample'] ?? report.sample, 80),
  };
}

/** `{"csp-report": {…}}` (report-uri) or `[{type: "csp-violation", body: {…}}]` (Reporting API). */
function violations(body: unknown): ViolationSummary[] | null {
  if (Array.isArray(body)) {
    return body
      .filter((r): r is { type: string; body: Record<string, unknown> } => r?.type === 'csp-violation' && typeof r.body === 'object' && r.body !== null)
      .map((r) => summarise(r.body));
  }
  const report = (body as { 'csp-report'?: unknown } | null)?.['csp-report'];
  return typeof report === 'object' && report !== null ? [summarise(report as Record<string, unknown>)] : null;
}

/**
 * POST /api/csp-report: each violation a browser reports is logged as a warning (rate-limited like
 * the rest of /api), so an operator sees what the policy refused: a broken feature or an attack.
 */
export function registerCspReportRoute(app: FastifyInstance) {
  return app.register(async (scope) => {
    scope.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
      const found = violations(request.body);
      if (!found) return sendError(reply, 400, 'invalid_parameter', 'Send a CSP violation report (application/csp-report).');
      for (const violation of found) request.log.warn({ cspViolation: violation }, 'Content-Security-Policy violation');
      return reply.code(204).send();
    });
  });
}
