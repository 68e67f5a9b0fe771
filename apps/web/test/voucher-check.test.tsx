// @vitest-environment happy-dom
import { type GuideManifest, toBase64Url, voucherMessage } from '@cusco/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../src/features/guide/i18n.ts';
import { ScanDialog } from '../src/features/guide/components/scan-dialog.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';

afterEach(resetApp);

/** The agency's key, made here: what the API signs vouchers with (docs/voucher-codes.md). */
let keys: CryptoKeyPair;
let publicKey: string;
const kid = 'k1AbCdEf';

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey)));
});

async function voucher(code: string, travelDate: string, passengers: number) {
  const message = voucherMessage({ code, travelDate, passengers }, kid);
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    keys.privateKey,
    new TextEncoder().encode(message),
  );
  return `${message}.${toBase64Url(new Uint8Array(signature))}`;
}

function traveller(slotId: string, bookingCode: string, name: string) {
  return {
    slotId,
    bookingCode,
    name,
    lastName: 'Quispe',
    customerName: `${name} Quispe`,
    attendance: null,
    references: [],
  } as unknown as GuideManifest['travellers'][number];
}

function manifest(): GuideManifest {
  return {
    tourCode: 'IT4D',
    tour: 'Inca Trail',
    date: '2027-05-12',
    bookings: [
      { code: 'CT-AAA111', passengers: 2, cancelled: false },
      { code: 'CT-CCC333', passengers: 1, cancelled: true },
    ],
    travellers: [
      traveller('s1', 'CT-AAA111', 'Ana'),
      traveller('s2', 'CT-AAA111', 'Bruno'),
      traveller('s3', 'CT-BBB222', 'Carla'),
    ],
    voucherKeys: [{ kid, publicKey }],
  } as unknown as GuideManifest;
}

const fieldLabels = {
  en: { field: 'Type or paste a code', check: 'Check the code' },
  es: { field: 'Escribe o pega un código', check: 'Verificar el código' },
};

async function scan(text: string, checkedIn: string[] = [], language: 'en' | 'es' = 'en') {
  const labels = fieldLabels[language];
  const onCheckIn = vi.fn();
  const view = renderInApp(
    <ScanDialog
      manifest={manifest()}
      opened
      onClose={() => {}}
      isCheckedIn={(slotId) => checkedIn.includes(slotId)}
      onCheckIn={onCheckIn}
    />,
  );
  await view.user.type(screen.getByLabelText(labels.field), text);
  await view.user.click(screen.getByRole('button', { name: labels.check }));
  return { ...view, onCheckIn };
}

describe('checking a voucher on the guide’s phone, with no network (issue 32)', () => {
  it('offers the right booking’s travellers, all chosen, and checks in those chosen', async () => {
    await speak('en');
    const { user, onCheckIn } = await scan(await voucher('CT-AAA111', '2027-05-12', 2));
    expect(await screen.findByText('Valid voucher')).toBeTruthy();
    expect(screen.getByText('Booking CT-AAA111, 2 travellers.')).toBeTruthy();
    // Bruno stays behind.
    await user.click(screen.getByRole('checkbox', { name: 'Bruno Quispe' }));
    await user.click(screen.getByRole('button', { name: 'Check in 1 traveller' }));
    expect(onCheckIn).toHaveBeenCalledWith(['s1']);
  });

  it('checks in a whole booking at once, leaving out who is already recorded', async () => {
    await speak('en');
    const { user, onCheckIn } = await scan(await voucher('CT-AAA111', '2027-05-12', 2), ['s2']);
    await screen.findByText('Valid voucher');
    expect(screen.getByRole('checkbox', { name: 'Bruno Quispe' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Check in 1 traveller' }));
    expect(onCheckIn).toHaveBeenCalledWith(['s1']);
  });

  it('rejects an altered voucher (one more passenger than signed)', async () => {
    await speak('en');
    const genuine = await voucher('CT-AAA111', '2027-05-12', 2);
    const altered = genuine.replace('.20270512.2.', '.20270512.3.');
    const { onCheckIn } = await scan(altered);
    expect(await screen.findByText('Forged or altered voucher')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Check in/ })).toBeNull();
    expect(onCheckIn).not.toHaveBeenCalled();
  });

  it('names a genuine voucher of another departure', async () => {
    await speak('en');
    await scan(await voucher('CT-ZZZ999', '2027-06-02', 1));
    expect(await screen.findByText('Another departure')).toBeTruthy();
    expect(screen.getByText(/Booking CT-ZZZ999 is genuine but travels on/)).toBeTruthy();
  });

  it('flags a cancelled booking', async () => {
    await speak('es');
    await scan(await voucher('CT-CCC333', '2027-05-12', 1), [], 'es');
    expect(await screen.findByText('Reserva anulada')).toBeTruthy();
    expect(screen.getByText(/La reserva CT-CCC333 fue anulada/)).toBeTruthy();
  });

  it('says when a text is no voucher at all', async () => {
    await speak('en');
    await scan('https://example.com/not-a-voucher');
    expect(await screen.findByText('Not a voucher')).toBeTruthy();
  });
});
