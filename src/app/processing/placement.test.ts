import { describe, expect, it } from 'vitest';
import { decidePlacement, weakness, type DeviceFacts } from './placement';

const capable: DeviceFacts = { cores: 2, memoryGiB: 8, usableGpu: false, msPerMegapixel: undefined, simulatedWeak: false };
const auto = (facts: Partial<DeviceFacts>, extra: Partial<Parameters<typeof decidePlacement>[0]> = {}) =>
  decidePlacement({ choice: 'auto', hasApiKey: true, online: true, facts: { ...capable, ...facts }, engine: null, ...extra });

describe('where Auto processes', () => {
  it('keeps a 2-core machine without GPU on the device', () => {
    expect(weakness(capable)).toBeNull();
    expect(auto({}).where).toBe('device');
  });
  it('sends weak devices to the server with the reason', () => {
    expect(auto({ simulatedWeak: true })).toEqual({ where: 'server', reason: 'Auto: weak device (simulated)' });
    expect(auto({ cores: 1 }).where).toBe('server');
    expect(auto({ cores: 1, usableGpu: true }).where).toBe('device');
    expect(auto({ memoryGiB: 1 }).where).toBe('server');
    expect(auto({ msPerMegapixel: 30_000 }).reason).toContain('slow');
  });
  it('uses the server when the deployed model fails to load, not when none is deployed', () => {
    expect(auto({}, { engine: { kind: 'classical', reason: 'load-failed', note: '' } }).where).toBe('server');
    expect(auto({}, { engine: { kind: 'classical', reason: 'no-model', note: '' } }).where).toBe('device');
  });
  it('stays on the device offline or without a key, and obeys explicit choices', () => {
    expect(auto({ simulatedWeak: true }, { online: false }).where).toBe('device');
    expect(auto({ simulatedWeak: true }, { hasApiKey: false }).where).toBe('device');
    expect(auto({}, { choice: 'server' }).where).toBe('server');
    expect(auto({ simulatedWeak: true }, { choice: 'device' }).where).toBe('device');
  });
});
