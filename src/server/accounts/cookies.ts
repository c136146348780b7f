import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'inklift_session';
export const SESSION_DAYS = 30;

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it), Secure over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | null) {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', token ? `Max-Age=${SESSION_DAYS * 86400}` : 'Max-Age=0'];
  if (request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', `${SESSION_COOKIE}=${token ? encodeURIComponent(token) : ''}; ${attributes.join('; ')}`);
}
