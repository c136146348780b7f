/** Results processed on this device, kept in IndexedDB so nothing is lost on reload. */
import { db, type LocalResult } from './db';

export type { LocalResult };

export async function listLocalResults(): Promise<LocalResult[]> {
  const all = await (await db()).getAllFromIndex('results', 'createdAt');
  return all.reverse();
}

export async function saveLocalResult(result: LocalResult): Promise<void> {
  await (await db()).put('results', result);
}

export async function renameLocalResult(id: string, name: string): Promise<void> {
  const store = await db();
  const existing = await store.get('results', id);
  if (!existing) throw new Error('This result is no longer on this device.');
  await store.put('results', { ...existing, name });
}

export async function deleteLocalResult(id: string): Promise<void> {
  await (await db()).delete('results', id);
}
