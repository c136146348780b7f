import type { FastifyRequest } from 'fastify';

/** The origin clients reach us at: INKLIFT_PUBLIC_URL when set, else the request's own Host. */
export function publicOrigin(request: FastifyRequest, configured: string | null): string {
  if (configured) return configured;
  return `${request.protocol}://${request.host}`;
}

export const fileUrl = (origin: string, uuid: string) => `${origin}/api/file/${uuid}`;
