import { HEIC_ADVICE } from '../../../shared/otherFormats';

/** Which files Inklift takes: PNG, JPG and PDF (by type or, when the type is missing, by extension). */
export const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

export function isAccepted(file: File): boolean {
  if (['image/png', 'image/jpeg', 'application/pdf'].includes(file.type)) return true;
  return file.type === '' && /\.(png|jpe?g|pdf)$/i.test(file.name);
}

export function splitAccepted(files: Iterable<File>): { accepted: File[]; rejected: File[] } {
  const accepted: File[] = [];
  const rejected: File[] = [];
  for (const file of files) (isAccepted(file) ? accepted : rejected).push(file);
  return { accepted, rejected };
}

const isHeic = (file: File) => /^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name);

/** What the app says of the files it skipped; an iPhone's HEIC photo gets the way to a JPEG. */
export function skippedMessage(rejected: File[]): string | null {
  if (!rejected.length) return null;
  const names = rejected.map((f) => f.name || 'a pasted item').join(', ');
  return `Skipped ${names}: only PNG, JPG and PDF files are accepted.${rejected.some(isHeic) ? ` HEIC photos: ${HEIC_ADVICE}` : ''}`;
}
