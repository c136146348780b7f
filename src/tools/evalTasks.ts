/** The synthetic eval's three tasks: the clean options each asks and the truth map it is scored against. */
import type { CleanOptions } from '../core';

export type TaskName = 'all ink' | 'signature' | 'stamp';
export const TASKS: readonly { name: TaskName; truth: 'all' | 'signature' | 'stamp'; options: CleanOptions }[] = [
  { name: 'all ink', truth: 'all', options: { mode: 'basic', extract: '', aggressive: false, crop: false } },
  { name: 'signature', truth: 'signature', options: { mode: 'advanced', extract: 'signature', aggressive: true, crop: false } },
  { name: 'stamp', truth: 'stamp', options: { mode: 'advanced', extract: 'stamp', aggressive: true, crop: false } },
];
