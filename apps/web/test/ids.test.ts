import { describe, expect, it, vi } from 'vitest';
import { randomId } from '../src/lib/ids.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Web Crypto of a page served over plain HTTP: no randomUUID, getRandomValues only. */
const insecureCrypto = () => ({
  getRandomValues: vi.fn((array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array)),
});

describe('randomId', () => {
  it('uses crypto.randomUUID where the browser has it', () => {
    const randomUUID = vi.fn(() => '1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    const getRandomValues = vi.fn();
    expect(randomId({ randomUUID, getRandomValues })).toBe('1b4e28ba-2fa1-41d2-883f-0016d3cca427');
    expect(getRandomValues).not.toHaveBeenCalled();
  });

  it('builds a version-4 UUID from getRandomValues outside a secure context', () => {
    const source = insecureCrypto();
    const ids = Array.from({ length: 500 }, () => randomId(source));
    for (const id of ids) expect(id).toMatch(uuidV4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(source.getRandomValues).toHaveBeenCalledTimes(500);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const filledWith = (value: number) => ({
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => array.fill(value),
    });
    expect(randomId(filledWith(0x00))).toBe('00000000-0000-4000-8000-000000000000');
    expect(randomId(filledWith(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('falls back on the global crypto when randomUUID is missing', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    try {
      expect(randomId()).toMatch(uuidV4);
      expect(getRandomValues).toHaveBeenCalledOnce();
    } finally {
      getRandomValues.mockRestore();
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
