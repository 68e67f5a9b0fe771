import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  parseVoucherCode,
  toBase64Url,
  VOUCHER_CODE_VERSION,
  type VoucherFacts,
  type VoucherPublicKey,
  verifyVoucherCode,
  voucherMessage,
} from '../src/rules/voucher-code.ts';

/** A key pair as the API keeps it: the public key SPKI (DER) in base64url, under its kid. */
function keyPair(kid: string, namedCurve = 'prime256v1') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return {
    privateKey,
    publicKey: { kid, publicKey: spki.toString('base64url') } satisfies VoucherPublicKey,
  };
}

/** The QR text as the API writes it (node:crypto, IEEE P1363 signature in base64url). */
function signedCode(facts: VoucherFacts, kid: string, privateKey: KeyObject): string {
  const message = voucherMessage(facts, kid);
  const signature = sign('sha256', Buffer.from(message), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${message}.${signature.toString('base64url')}`;
}

type Subtle = typeof globalThis.crypto.subtle;

const KID = 'Ab3_-xY9';
const current = keyPair(KID);
const older = keyPair('old-key1');
const stranger = keyPair(KID);
const facts: VoucherFacts = { code: 'CT-7Q2K', travelDate: '2026-05-14', passengers: 4 };
const valid = signedCode(facts, KID, current.privateKey);
/** Any 86 base64url characters: parsing does not check the signature, only its shape. */
const SIG = `${'Az09_-'.repeat(14)}Az`;

function text(parts: Partial<Record<'version' | 'code' | 'date' | 'pax' | 'kid' | 'sig', string>>) {
  return [
    parts.version ?? 'CT1',
    parts.code ?? 'CT-7Q2K',
    parts.date ?? '20260514',
    parts.pax ?? '4',
    parts.kid ?? KID,
    parts.sig ?? SIG,
  ].join('.');
}

describe('voucherMessage', () => {
  it('is the version, code, date without dashes, passengers and kid, joined by dots', () => {
    expect(VOUCHER_CODE_VERSION).toBe('CT1');
    expect(voucherMessage(facts, KID)).toBe('CT1.CT-7Q2K.20260514.4.Ab3_-xY9');
    expect(
      voucherMessage({ code: 'A', travelDate: '2027-01-02', passengers: 120 }, 'kkkkkkkk'),
    ).toBe('CT1.A.20270102.120.kkkkkkkk');
  });
});

describe('parseVoucherCode', () => {
  it('reads the facts, the kid, what was signed and the signature’s bytes', () => {
    expect(parseVoucherCode(text({}))).toEqual({
      code: 'CT-7Q2K',
      travelDate: '2026-05-14',
      passengers: 4,
      kid: KID,
      message: 'CT1.CT-7Q2K.20260514.4.Ab3_-xY9',
      signature: new Uint8Array(Buffer.from(SIG, 'base64url')),
    });
    const signature = parseVoucherCode(valid)?.signature;
    expect(signature?.length).toBe(64);
    expect(toBase64Url(signature ?? new Uint8Array())).toBe(valid.split('.')[5]);
  });

  it('ignores the spaces and line break a scanner adds around the text', () => {
    expect(parseVoucherCode(` ${text({})}\n`)?.kid).toBe(KID);
    expect(parseVoucherCode(`\t${valid}\r\n`)?.message).toBe(voucherMessage(facts, KID));
  });

  it('accepts every character of each part’s alphabet, and the lengths at both ends', () => {
    for (const code of ['A', 'z', '0', '9', '-', 'Z', 'a', 'ABCDEFGHIJ-0123456789'.slice(0, 20)]) {
      expect(parseVoucherCode(text({ code }))?.code).toBe(code);
    }
    for (const pax of ['1', '9', '10', '99', '100', '999', '905']) {
      expect(parseVoucherCode(text({ pax }))?.passengers).toBe(Number(pax));
    }
    for (const kid of ['AAAAAAAA', 'zzzzzzzz', '00000000', '99999999', '________', '--------']) {
      expect(parseVoucherCode(text({ kid }))?.kid).toBe(kid);
    }
    for (const char of ['A', 'Z', 'a', 'z', '0', '9', '_', '-']) {
      const sig = char.repeat(86);
      expect(parseVoucherCode(text({ sig }))?.signature).toEqual(
        new Uint8Array(Buffer.from(sig, 'base64url')),
      );
    }
  });

  it('reads a leap day, the first and the last day of a year', () => {
    expect(parseVoucherCode(text({ date: '20280229' }))?.travelDate).toBe('2028-02-29');
    expect(parseVoucherCode(text({ date: '20260101' }))?.travelDate).toBe('2026-01-01');
    expect(parseVoucherCode(text({ date: '20261231' }))?.travelDate).toBe('2026-12-31');
  });

  it.each([
    ['an empty text', ''],
    ['another QR code', 'https://example.com/a.b.c.d.e'],
    ['five parts', text({}).split('.').slice(0, 5).join('.')],
    ['seven parts', `${text({})}.x`],
    ['another version', text({ version: 'CT2' })],
    ['the version in lower case', text({ version: 'ct1' })],
    ['no version', text({ version: '' })],
    ['no code', text({ code: '' })],
    ['a code of 21 characters', text({ code: 'A'.repeat(21) })],
    ['a code with an underscore', text({ code: 'CT_7Q2K' })],
    ['a code with a space', text({ code: 'CT 7Q2K' })],
    ['a code with a slash', text({ code: 'CT/7Q2K' })],
    ['a date of 7 digits', text({ date: '2026051' })],
    ['a date of 9 digits', text({ date: '202605141' })],
    ['a date with dashes', text({ date: '2026-5-14' })],
    ['a date with a letter', text({ date: '2026051a' })],
    ['the 30th of February', text({ date: '20260230' })],
    ['the 29th of February of a common year', text({ date: '20250229' })],
    ['a 13th month', text({ date: '20261301' })],
    ['month 0', text({ date: '20260010' })],
    ['day 0', text({ date: '20260100' })],
    ['the 32nd of December', text({ date: '20261232' })],
    ['the 31st of April', text({ date: '20260431' })],
    ['0 passengers', text({ pax: '0' })],
    ['1000 passengers', text({ pax: '1000' })],
    ['passengers with a leading 0', text({ pax: '04' })],
    ['a negative passenger count', text({ pax: '-4' })],
    ['passengers with a letter', text({ pax: '4a' })],
    ['passengers as a letter before a digit', text({ pax: 'a4' })],
    ['no passengers', text({ pax: '' })],
    ['a kid of 7 characters', text({ kid: 'Ab3_-xY' })],
    ['a kid of 9 characters', text({ kid: 'Ab3_-xY9Z' })],
    ['a kid with a plus', text({ kid: 'Ab3+-xY9' })],
    ['a kid with a slash', text({ kid: 'Ab3/-xY9' })],
    ['a signature of 85 characters', text({ sig: SIG.slice(1) })],
    ['a signature of 87 characters', text({ sig: `${SIG}A` })],
    ['a signature in base64 (plus)', text({ sig: `+${SIG.slice(1)}` })],
    ['a signature in base64 (slash)', text({ sig: `${SIG.slice(1)}/` })],
    ['a signature with padding', text({ sig: `${SIG.slice(2)}==` })],
    ['no signature', text({ sig: '' })],
  ])('refuses %s', (_label, candidate) => {
    expect(parseVoucherCode(candidate)).toBeNull();
  });

  it('property: reads back the facts and kid of any well-formed text', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/),
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 999 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{8}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{86}$/),
        (code, day, passengers, kid, sig) => {
          const travelDate = day.toISOString().slice(0, 10);
          const message = voucherMessage({ code, travelDate, passengers }, kid);
          expect(parseVoucherCode(`${message}.${sig}`)).toEqual({
            code,
            travelDate,
            passengers,
            kid,
            message,
            signature: new Uint8Array(Buffer.from(sig, 'base64url')),
          });
        },
      ),
    );
  });
});

describe('base64url', () => {
  it('writes and reads the characters base64 writes as + and /, without padding', () => {
    expect(toBase64Url(new Uint8Array())).toBe('');
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(toBase64Url(new Uint8Array([0xff]))).toBe('_w');
    expect(toBase64Url(new Uint8Array([0xfb, 0xef, 0xbe]))).toBe('----');
    expect(toBase64Url(new Uint8Array([0xff, 0xff, 0xff]))).toBe('____');
    expect(toBase64Url(new TextEncoder().encode('f'))).toBe('Zg');
    expect(toBase64Url(new TextEncoder().encode('fo'))).toBe('Zm8');
    expect(toBase64Url(new TextEncoder().encode('foo'))).toBe('Zm9v');
    expect(toBase64Url(new TextEncoder().encode('foob'))).toBe('Zm9vYg');
    expect([...fromBase64Url('-_8')]).toEqual([0xfb, 0xff]);
    expect([...fromBase64Url('_w')]).toEqual([0xff]);
    expect([...fromBase64Url('----')]).toEqual([0xfb, 0xef, 0xbe]);
    expect([...fromBase64Url('____')]).toEqual([0xff, 0xff, 0xff]);
    expect([...fromBase64Url('Zm9vYg')]).toEqual([0x66, 0x6f, 0x6f, 0x62]);
    expect([...fromBase64Url('')]).toEqual([]);
  });

  it('reads into a buffer of exactly the bytes read (WebCrypto takes the whole buffer)', () => {
    const bytes = fromBase64Url('Zm9vYg');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.buffer.byteLength).toBe(4);
    expect(bytes.byteOffset).toBe(0);
  });

  it('property: writes what Node’s base64url writes, and reads back the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const written = toBase64Url(bytes);
        expect(written).toBe(Buffer.from(bytes).toString('base64url'));
        expect(written).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(written.length).toBe(Math.ceil((bytes.length * 4) / 3));
        expect(fromBase64Url(written)).toEqual(new Uint8Array(bytes));
      }),
    );
  });

  it('property: reads any unpadded base64url text as Node does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const written = Buffer.from(bytes).toString('base64url');
        expect([...fromBase64Url(written)]).toEqual([...bytes]);
        expect(toBase64Url(fromBase64Url(written))).toBe(written);
      }),
    );
  });
});

describe('verifyVoucherCode', () => {
  const keys = [older.publicKey, current.publicKey];

  it('accepts a code signed with the key of its kid, among others', async () => {
    expect(valid).toMatch(/^CT1\.CT-7Q2K\.20260514\.4\.Ab3_-xY9\.[A-Za-z0-9_-]{86}$/);
    await expect(verifyVoucherCode(valid, keys)).resolves.toEqual({
      ok: true,
      voucher: parseVoucherCode(valid),
    });
    await expect(verifyVoucherCode(valid, [current.publicKey])).resolves.toMatchObject({
      ok: true,
      voucher: { code: 'CT-7Q2K', travelDate: '2026-05-14', passengers: 4, kid: KID },
    });
  });

  it('accepts a code of an older key the phone still has', async () => {
    const old = signedCode(
      { code: 'OLD1', travelDate: '2026-12-31', passengers: 999 },
      'old-key1',
      older.privateKey,
    );
    await expect(verifyVoucherCode(`${old}\n`, keys)).resolves.toMatchObject({
      ok: true,
      voucher: { code: 'OLD1', travelDate: '2026-12-31', passengers: 999, kid: 'old-key1' },
    });
  });

  it('says notVoucher for a text that is not a voucher code', async () => {
    await expect(verifyVoucherCode('https://example.com', keys)).resolves.toEqual({
      ok: false,
      reason: 'notVoucher',
    });
    await expect(verifyVoucherCode(valid.replace('CT1', 'CT2'), keys)).resolves.toEqual({
      ok: false,
      reason: 'notVoucher',
    });
    await expect(verifyVoucherCode(`${valid}.`, keys)).resolves.toEqual({
      ok: false,
      reason: 'notVoucher',
    });
  });

  it('says unknownKey for a kid the phone does not have', async () => {
    await expect(verifyVoucherCode(valid, [older.publicKey])).resolves.toEqual({
      ok: false,
      reason: 'unknownKey',
    });
    await expect(verifyVoucherCode(valid, [])).resolves.toEqual({
      ok: false,
      reason: 'unknownKey',
    });
  });

  it.each([
    ['another code', { ...facts, code: 'CT-7Q2L' }],
    ['another date', { ...facts, travelDate: '2026-05-15' }],
    ['more passengers', { ...facts, passengers: 5 }],
  ])('says forged for %s under the same signature', async (_label, altered) => {
    const signature = valid.split('.')[5];
    const forged = `${voucherMessage(altered, KID)}.${signature}`;
    expect(parseVoucherCode(forged)).not.toBeNull();
    await expect(verifyVoucherCode(forged, keys)).resolves.toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('says forged for another kid under the same signature, with that kid’s key', async () => {
    const forged = valid.replace(KID, 'old-key1');
    await expect(verifyVoucherCode(forged, keys)).resolves.toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('says forged for a signature of another key under the same kid', async () => {
    const other = signedCode(facts, KID, stranger.privateKey);
    await expect(verifyVoucherCode(other, keys)).resolves.toEqual({
      ok: false,
      reason: 'forged',
    });
    // And the stranger's own key accepts it: the refusal is the key's, not the text's.
    await expect(verifyVoucherCode(other, [stranger.publicKey])).resolves.toMatchObject({
      ok: true,
    });
  });

  it('says forged for a signature with a bit changed, or all zeros', async () => {
    const parts = valid.split('.');
    const signature = parts[5] ?? '';
    const flipped = signature[10] === 'A' ? 'B' : 'A';
    const changed = `${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
    for (const sig of [changed, 'A'.repeat(86)]) {
      await expect(verifyVoucherCode([...parts.slice(0, 5), sig].join('.'), keys)).resolves.toEqual(
        { ok: false, reason: 'forged' },
      );
    }
  });

  it('says forged, and does not throw, when the public key is damaged or not P-256', async () => {
    const spki = current.publicKey.publicKey;
    const damaged = [
      '',
      'not a key',
      spki.slice(0, 40),
      `${spki.slice(0, 30)}${spki.slice(31)}`,
      keyPair(KID, 'secp384r1').publicKey.publicKey,
    ];
    for (const publicKey of damaged) {
      await expect(verifyVoucherCode(valid, [{ kid: KID, publicKey }])).resolves.toEqual({
        ok: false,
        reason: 'forged',
      });
    }
  });

  it('imports the public key for verifying only, and verifies with ECDSA over SHA-256', async () => {
    const subtle = globalThis.crypto.subtle;
    const imports: unknown[][] = [];
    const verifies: unknown[][] = [];
    const spy = {
      importKey: (...args: Parameters<Subtle['importKey']>) => {
        imports.push(args);
        return subtle.importKey(...args);
      },
      verify: (...args: Parameters<Subtle['verify']>) => {
        verifies.push(args);
        return subtle.verify(...args);
      },
    } as unknown as Subtle;
    await expect(verifyVoucherCode(valid, keys, spy)).resolves.toMatchObject({ ok: true });
    expect(imports).toEqual([
      [
        'spki',
        fromBase64Url(current.publicKey.publicKey),
        { name: 'ECDSA', namedCurve: 'P-256' },
        false,
        ['verify'],
      ],
    ]);
    const parsed = parseVoucherCode(valid);
    expect(verifies).toHaveLength(1);
    expect(verifies[0]?.[0]).toEqual({ name: 'ECDSA', hash: 'SHA-256' });
    expect(verifies[0]?.[2]).toEqual(parsed?.signature);
    expect(new TextDecoder().decode(verifies[0]?.[3] as Uint8Array)).toBe(parsed?.message);
  });

  it('property: a signed code verifies, and changing its code, date or passengers forges it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2040-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 998 }),
        async (code, day, passengers) => {
          const signed = { code, travelDate: day.toISOString().slice(0, 10), passengers };
          const good = signedCode(signed, KID, current.privateKey);
          const result = await verifyVoucherCode(good, keys);
          expect(result).toEqual({ ok: true, voucher: parseVoucherCode(good) });
          const signature = good.split('.')[5];
          const more = voucherMessage({ ...signed, passengers: passengers + 1 }, KID);
          await expect(verifyVoucherCode(`${more}.${signature}`, keys)).resolves.toEqual({
            ok: false,
            reason: 'forged',
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
