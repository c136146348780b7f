import type { buildOpenApi } from './openapi';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page's one stylesheet, inline: its policy allows exactly this text, by hash. */
export const DOCS_STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d232a}
code,pre{font-family:ui-monospace,monospace;background:#f3f4f6;border-radius:4px;padding:0 .25rem}
pre{padding:.75rem;overflow:auto}table{border-collapse:collapse}td{border-top:1px solid #e5e7eb;padding:.25rem .75rem .25rem 0;vertical-align:top}
.m{background:#1f6feb;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.9em}section{margin:2rem 0}
`;

type Doc = ReturnType<typeof buildOpenApi>;
type Operation = { summary: string; security?: unknown; responses: Record<string, { description: string }>; requestBody?: { content: Record<string, { schema: unknown }> } };

/** A readable, dependency-free reference page rendered from the OpenAPI document. */
export function renderDocsPage(doc: Doc): string {
  const sections = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => {
      const responses = Object.entries(op.responses)
        .map(([status, r]) => `<tr><td><code>${status}</code></td><td>${escape(r.description)}</td></tr>`)
        .join('');
      const body = op.requestBody
        ? Object.entries(op.requestBody.content)
            .map(([type, c]) => `<details><summary>${escape(type)}</summary><pre>${escape(JSON.stringify(c.schema, null, 2))}</pre></details>`)
            .join('')
        : '';
      return `<section><h2><span class="m">${method.toUpperCase()}</span> <code>${escape(path)}</code></h2>
<p>${escape(op.summary)}${op.security ? ' <em>Requires <code>Authorization: Bearer &lt;API_KEY&gt;</code>.</em>' : ''}</p>
${body ? `<h3>Request body</h3>${body}` : ''}<h3>Responses</h3><table>${responses}</table></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Inklift API reference</title><style>${DOCS_STYLE}</style></head><body><h1>Inklift API reference</h1><p>${escape(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections.join('\n')}</body></html>`;
}
