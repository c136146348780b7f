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
