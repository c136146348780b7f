/** Direct API calls for arranging and checking server state (the demo account of the e2e server). */
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_DEMO_KEY } from '../../playwright.config';
import type { CleanResponse, FileRecord, FilesResponse } from '../../src/shared/api';
import type { TestFile } from './documents';

const auth = { authorization: `Bearer ${E2E_DEMO_KEY}` };

export async function storeOnServer(request: APIRequestContext, file: TestFile, name: string): Promise<CleanResponse> {
  const response = await request.post('/api/clean', {
    headers: auth,
    multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer }, type: 'json', name },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CleanResponse;
}

export async function serverFiles(request: APIRequestContext): Promise<FileRecord[]> {
  const response = await request.get('/api/files', { headers: auth });
  expect(response.status()).toBe(200);
  return ((await response.json()) as FilesResponse).files;
}

export async function serverFile(request: APIRequestContext, uuid: string): Promise<FileRecord | undefined> {
  return (await serverFiles(request)).find((f) => f.uuid === uuid);
}
