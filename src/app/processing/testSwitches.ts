/**
 * Test-only switches, from the page's query string or localStorage (`inklift.<name>` = "1"):
 * - simulateWeakDevice: Auto treats this device as too weak and processes on the server;
 * - allowFallbackGpu: admit a software WebGPU adapter (SwiftShader) for the model;
 * - disableGpu: never use WebGPU.
 */
export type TestSwitch = 'simulateWeakDevice' | 'allowFallbackGpu' | 'disableGpu';

export function testSwitch(name: TestSwitch): boolean {
  const fromQuery = new URLSearchParams(window.location.search).get(name);
  if (fromQuery !== null) return fromQuery === '1' || fromQuery === 'true';
  try {
    return localStorage.getItem(`inklift.${name}`) === '1';
  } catch {
    return false;
  }
}
