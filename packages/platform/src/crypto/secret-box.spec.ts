import { randomBytes } from 'node:crypto';
import { maskSecret, parseKeyRing, SecretBox, SecretBoxError } from './secret-box';

const key = () => randomBytes(32).toString('base64');

describe('SecretBox', () => {
  const k0 = key();
  const k1 = key();

  it('seals to a v1 value naming the key id and opens it again', () => {
    const box = new SecretBox(`k0:${k0}`, 'k0');
    const sealed = box.seal('sk_live_0123456789', 'processor:1:apiKey');
    expect(sealed).toMatch(/^v1:k0:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('sk_live');
    expect(box.open(sealed, 'processor:1:apiKey')).toBe('sk_live_0123456789');
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('rotates: new values use the current key, values under an older key still open', () => {
    const old = new SecretBox(`k0:${k0}`, 'k0').seal('secret');
    const rotated = new SecretBox(`k1:${k1},k0:${k0}`, 'k1');
    expect(rotated.open(old)).toBe('secret');
    expect(SecretBox.keyIdOf(rotated.seal('x'))).toBe('k1');
    expect(() => new SecretBox(`k1:${k1}`, 'k1').open(old)).toThrow('unknown key id k0');
  });

  it('refuses tampered values and another context', () => {
    const box = new SecretBox(`k0:${k0}`, 'k0');
    const sealed = box.seal('secret', 'a');
    expect(() => box.open(sealed, 'b')).toThrow(SecretBoxError);
    const parts = sealed.split(':');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join(':'), 'a')).toThrow('failed authentication');
    expect(() => box.open('plain text')).toThrow('not a sealed value');
  });

  it('validates the key ring without printing keys', () => {
    expect(() => parseKeyRing('')).toThrow('no keys given');
    expect(() => parseKeyRing('k0:c2hvcnQ=')).toThrow('key k0 must be 32 bytes');
    expect(() => parseKeyRing(`k0:${k0},k0:${k1}`)).toThrow('appears twice');
    expect(() => new SecretBox(`k0:${k0}`, 'k9')).toThrow('current key id k9');
    expect(parseKeyRing(` k1:${k1} , k0:${k0} `).size).toBe(2);
  });

  it('masks to the last 4 characters', () => {
    expect(maskSecret('sk_test_abcd1234')).toBe('••••1234');
  });
});
