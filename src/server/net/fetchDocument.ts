import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { ApiError } from '../errors';
import { isPublicAddress } from './addressPolicy';

export interface FetchPolicy {
  /** Hosts (names or IPs) allowed even when they resolve to non-public addresses: for tests and intranets. */
  allowHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

const forbiddenUrl = (message: string) => new ApiError(400, 'url_forbidden', message);

/**
 * Downloads a document from a user-given URL without letting the server be used to reach inside
 * its network: every address is checked after DNS resolution, at connect time (so a rebinding
 * DNS answer cannot slip through), and again for every redirect.
 */
export async function fetchDocument(rawUrl: string, policy: FetchPolicy): Promise<Uint8Array> {
  const deadline = Date.now() + policy.timeoutMs;
  let url = parseUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const response = await request(url, policy, deadline);
    if (response.redirect) {
      if (hop >= policy.maxRedirects) throw new ApiError(502, 'url_fetch_failed', `The URL redirected more than ${policy.maxRedirects} times.`);
      url = parseUrl(new URL(response.redirect, url).href);
      continue;
    }
    return response.body!;
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(422, 'invalid_parameter', 'url must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(422, 'invalid_parameter', 'url must use http or https.');
  if (url.username || url.password) throw new ApiError(422, 'invalid_parameter', 'url must not carry credentials.');
  return url;
}

function hostAllowed(hostname: string, policy: FetchPolicy): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return policy.allowHosts.includes(bare);
}

function guardedLookup(hostname: string, policy: FetchPolicy): net.LookupFunction {
  const allowed = hostAllowed(hostname, policy);
  return (host, options, callback) => {
    dns.lookup(host, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const usable = allowed ? list : list.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) {
        return callback(Object.assign(new Error('forbidden address'), { code: 'EFORBIDDEN' }), '', 0);
      }
      if ((options as dns.LookupAllOptions).all) return callback(null, usable as unknown as string, 0);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}

interface HopResult {
  redirect?: string;
  body?: Uint8Array;
}

function request(url: URL, policy: FetchPolicy, deadline: number): Promise<HopResult> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(hostname) && !isPublicAddress(hostname) && !hostAllowed(hostname, policy)) {
    return Promise.reject(forbiddenUrl('The URL points to a private, loopback or reserved address.'));
  }
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new ApiError(504, 'url_timeout', 'The URL did not answer in time.'));
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<HopResult>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new ApiError(504, 'url_timeout', 'The URL did not deliver the document in time.')), remaining);
    const req = client.get(url, {
      lookup: guardedLookup(hostname, policy),
      headers: { 'user-agent': 'Inklift/1 (+document fetch)', accept: 'image/png,image/jpeg,application/pdf;q=0.9,*/*;q=0.1' },
      agent: false,
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EFORBIDDEN') fail(forbiddenUrl('The URL resolves to a private, loopback or reserved address.'));
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') fail(new ApiError(502, 'url_fetch_failed', 'The URL host could not be resolved.'));
      else fail(new ApiError(502, 'url_fetch_failed', `The URL could not be fetched (${error.code ?? 'network error'}).`));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        resolve({ redirect: res.headers.location });
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        fail(new ApiError(502, 'url_fetch_failed', `The URL answered with HTTP ${status}.`));
        return;
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > policy.maxBytes) {
        fail(new ApiError(413, 'file_too_large', `The document at the URL is larger than ${Math.round(policy.maxBytes / 1048576)} MB.`));
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > policy.maxBytes) {
          fail(new ApiError(413, 'file_too_large', `The document at the URL is larger than ${Math.round(policy.maxBytes / 1048576)} MB.`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ body: Buffer.concat(chunks) });
      });
      res.on('error', () => fail(new ApiError(502, 'url_fetch_failed', 'The connection broke while downloading the URL.')));
    });
  });
}
