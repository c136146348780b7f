/** A name for the key the app creates at sign-in, so the person recognises it in the keys list ("Chrome on Linux, 2 May 2026"). */
export function browserKeyName(userAgent = navigator.userAgent, now = new Date()): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux|X11/.test(userAgent)
            ? 'Linux'
            : 'this device';
  const day = now.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${browser} on ${system}, ${day} (web app)`;
}
