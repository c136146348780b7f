/**
 * A ZIP archive of already-compressed images (stored, no deflate), built in the browser by client-zip.
 *
 * Memory: each result is handed to client-zip as the Blob it already is and read through its own
 * stream, one entry after another; client-zip's streamed Response is gathered into the one Blob
 * that is saved. The archive is held once, beside the results themselves — never a second full
 * copy of them as ArrayBuffers.
 */
import { downloadZip } from 'client-zip';

export interface ZipEntry {
  name: string;
  blob: Blob;
}

/** Names made unique ("a.png", "a (2).png") so no entry overwrites another, not even one already called "a (2).png". */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  const counts = new Map<string, number>();
  return names.map((name) => {
    let unique = name;
    let count = counts.get(name) ?? 1;
    while (taken.has(unique)) {
      count += 1;
      const dot = name.lastIndexOf('.');
      unique = dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
    }
    counts.set(name, count);
    taken.add(unique);
    return unique;
  });
}

/** Every entry is dated `lastModified` (by default the moment of zipping), in the archive's local DOS time. */
export function zipFiles(entries: ZipEntry[], { lastModified = new Date() }: { lastModified?: Date } = {}): Promise<Blob> {
  const names = uniqueNames(entries.map((entry) => entry.name));
  // A generator, so client-zip takes each result only when it is ready to stream it.
  function* inputs() {
    for (let i = 0; i < entries.length; i++) yield { name: names[i], lastModified, input: entries[i].blob };
  }
  return downloadZip(inputs()).blob();
}
