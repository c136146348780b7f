import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '../shared/api';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer({ freeLimit: 7 });
  photo = await documentPhoto(300, 200);
});
afterAll(async () => server?.close());

/** A browser-like client: keeps the session cookie and the CSRF token. */
class Browser {
  cookie = '';
  csrf = '';
  async post(pathname: string, body: unknown, { csrf = true } = {}) {
    const response = await server.request(pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), ...(csrf && this.csrf ? { 'x-csrf-token': this.csrf } : {}) },
      body: JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    return response;
  }
  get(pathname: string) {
    return server.request(pathname, { headers: this.cookie ? { cookie: this.cookie } : {} });
  }
  async signIn(email: string, password: string) {
    const response = await this.post('/account/signin', { email, password }, { csrf: false });
    if (response.ok) this.csrf = ((await response.json()) as { csrf_token: string }).csrf_token;
    return response;
  }
}

const unique = () => `user-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('accounts', () => {
  it('sign up → sign in → create key → clean with it → usage line; revoke → 401 on every endpoint', async () => {
    const browser = new Browser();
    const email = unique();
    const signup = await browser.post('/account/signup', { email, password: 'correct horse battery' }, { csrf: false });
    expect(signup.status).toBe(202);
    expect(signup.headers.get('set-cookie')).toBeNull();
    const signin = await browser.signIn(email.toUpperCase(), 'correct horse battery');
    expect(signin.status).toBe(200);
    const cookie = signin.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);

    const me = (await (await browser.get('/account/me')).json()) as { email: string; limit: number; remaining: number };
    expect(me).toMatchObject({ email, limit: 7, remaining: 7 });

    const created = await browser.post('/account/keys', { name: 'laptop' });
    expect(created.status).toBe(200);
    const { key, info } = (await created.json()) as { key: string; info: { id: string; prefix: string } };
    expect(key.startsWith(info.prefix)).toBe(true);

    const clean = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), name: 'first doc' }) });
    expect(clean.status).toBe(200);
    const { uuid, remaining } = (await clean.json()) as { uuid: string; remaining: number };
    expect(remaining).toBe(6);

    const usage = (await (await browser.get('/account/usage')).json()) as { limit: number; remaining: number; usage: { file_uuid: string; name: string; amount: number }[] };
    expect(usage.usage).toEqual([expect.objectContaining({ file_uuid: uuid, name: 'first doc', amount: 1 })]);
    expect(usage.limit - usage.remaining).toBe(1);

    const keys = (await (await browser.get('/account/keys')).json()) as { keys: { id: string; last_used_at: string | null }[] };
    expect(keys.keys.find((k) => k.id === info.id)?.last_used_at).not.toBeNull();

    // Used just before the revocation, so the key is in the server's key cache: revoking must still act at once.
    expect((await server.request('/api/files', { key })).status).toBe(200);
    expect((await browser.post('/account/keys/revoke', { id: info.id })).status).toBe(200);
    for (const [method, pathname] of [['GET', '/api/files'], ['POST', '/api/files/rename'], ['POST', '/api/files/delete']] as const) {
      const response = await server.request(pathname, { method, key, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? JSON.stringify({ uuid, name: 'x' }) : undefined });
      expect(response.status, pathname).toBe(401);
    }
    expect((await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) })).status).toBe(401);
  });

  it('refuses state changes without the CSRF token (403) and cross-site form posts (415)', async () => {
    const browser = new Browser();
    const email = unique();
    await browser.post('/account/signup', { email, password: 'a long enough password' }, { csrf: false });
    await browser.signIn(email, 'a long enough password');
    const noToken = await browser.post('/account/keys', { name: 'x' }, { csrf: false });
    expect(noToken.status).toBe(403);
    expect(ErrorResponseSchema.parse(await noToken.json()).error.code).toBe('forbidden');
    const form = await server.request('/account/keys', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: browser.cookie }, body: 'name=x' });
    expect(form.status).toBe(415);
    const keys = (await (await browser.get('/account/keys')).json()) as { keys: unknown[] };
    expect(keys.keys).toEqual([]);
  });

  it('rate-limits wrong passwords per account with 429', async () => {
    const browser = new Browser();
    const email = unique();
    await browser.post('/account/signup', { email, password: 'the right password' }, { csrf: false });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await browser.signIn(email, `wrong password ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const locked = await browser.signIn(email, 'the right password');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('sign-up with a taken and with a new email: same response, similar time', async () => {
    const taken = unique();
    await new Browser().post('/account/signup', { email: taken, password: 'first owner password' }, { csrf: false });
    const time = async (email: string) => {
      const started = performance.now();
      const response = await new Browser().post('/account/signup', { email, password: 'some other password' }, { csrf: false });
      return { ms: performance.now() - started, status: response.status, body: await response.text() };
    };
    const takenRuns: number[] = [];
    const newRuns: number[] = [];
    let takenBody = '';
    let newBody = '';
    for (let i = 0; i < 7; i++) {
      const a = await time(taken);
      const b = await time(unique());
      takenRuns.push(a.ms);
      newRuns.push(b.ms);
      expect(a.status).toBe(b.status);
      takenBody = a.body;
      newBody = b.body;
    }
    expect(takenBody).toBe(newBody);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const ratio = median(takenRuns) / median(newRuns);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
    // The original owner keeps the account.
    expect((await new Browser().signIn(taken, 'first owner password')).status).toBe(200);
    expect((await new Browser().signIn(taken, 'some other password')).status).toBe(401);
  });

  it('signs out, changes the password, and keeps the ledger equal to limit − remaining after racing cleans', async () => {
    const browser = new Browser();
    const email = unique();
    await browser.post('/account/signup', { email, password: 'password number one' }, { csrf: false });
    await browser.signIn(email, 'password number one');
    const { key } = (await (await browser.post('/account/keys', { name: 'race' })).json()) as { key: string };
    await Promise.all(Array.from({ length: 10 }, () => server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) })));
    const usage = (await (await browser.get('/account/usage')).json()) as { limit: number; remaining: number; usage: { amount: number }[] };
    expect(usage.remaining).toBe(0);
    expect(usage.usage.reduce((sum, line) => sum + line.amount, 0)).toBe(usage.limit - usage.remaining);

    expect((await browser.post('/account/password', { current: 'wrong', next: 'password number two' })).status).toBe(401);
    expect((await browser.post('/account/password', { current: 'password number one', next: 'password number two' })).status).toBe(200);
    expect((await browser.post('/account/signout', {})).status).toBe(200);
    expect((await browser.get('/account/me')).status).toBe(401);
    expect((await browser.signIn(email, 'password number one')).status).toBe(401);
    expect((await browser.signIn(email, 'password number two')).status).toBe(200);
  });
});
