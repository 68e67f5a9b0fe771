import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apportion,
  classifyTraveller,
  creditNoteType,
  type LedgerKind,
  partOfLines,
  planEntry,
  type ReceiptsState,
  receiptTarget,
  type SaleLine,
  splitDocument,
  type TravellerClass,
  taxedParts,
} from '../src/rules/receipts.ts';

describe('travellers for the IGV', () => {
  it('a Peruvian, a DNI or a foreigner card is resident; a foreign passport on file is not', () => {
    expect(classifyTraveller({ countryId: 'PE', documentKind: 'passport', hasScan: true })).toBe(
      'resident',
    );
    expect(classifyTraveller({ countryId: 'US', documentKind: 'dni', hasScan: false })).toBe(
      'resident',
    );
    expect(
      classifyTraveller({ countryId: 'AR', documentKind: 'foreign_card', hasScan: false }),
    ).toBe('resident');
    expect(classifyTraveller({ countryId: 'US', documentKind: 'passport', hasScan: true })).toBe(
      'non_domiciled',
    );
  });

  it('a foreign passport without its copy, or no data at all, is unknown', () => {
    expect(classifyTraveller({ countryId: 'US', documentKind: 'passport', hasScan: false })).toBe(
      'unknown',
    );
    expect(classifyTraveller({ countryId: null, documentKind: null, hasScan: false })).toBe(
      'unknown',
    );
    expect(classifyTraveller({ countryId: 'BO', documentKind: 'other', hasScan: true })).toBe(
      'unknown',
    );
  });
});

const tour: SaleLine = {
  kind: 'passenger',
  description: 'Tour',
  exportEligible: false,
  totalCents: 100_000,
};
const rental: SaleLine = {
  kind: 'service',
  description: 'Sleeping bag',
  exportEligible: false,
  totalCents: 2_000,
};

describe('a document split', () => {
  it('a resident: all taxed at 18 % included', () => {
    const answer = splitDocument({
      lines: [tour],
      travellers: ['resident'],
      factura: false,
      amountCents: 11_800,
    });
    expect(answer).toMatchObject({
      kind: 'split',
      operationType: '0101',
      taxedCents: 10_000,
      igvCents: 1_800,
      exportCents: 0,
      totalCents: 11_800,
    });
  });

  it('a non-domiciled traveller: the tour is an export, a rental is taxed', () => {
    const answer = splitDocument({
      lines: [tour, rental],
      travellers: ['non_domiciled'],
      factura: false,
      amountCents: 102_000,
    });
    if (answer.kind !== 'split') throw new Error('waits');
    expect(answer.operationType).toBe('0205');
    expect(answer.exportCents).toBe(100_000);
    expect(answer.lines.find((line) => line.affectation === '10')?.totalCents).toBe(2_000);
  });

  it('half the travellers non-domiciled: half the tour is an export', () => {
    const answer = splitDocument({
      lines: [tour],
      travellers: ['non_domiciled', 'resident'],
      factura: false,
      amountCents: 50_000,
    });
    if (answer.kind !== 'split') throw new Error('waits');
    expect(answer.exportCents).toBe(25_000);
    expect(answer.taxedCents + answer.igvCents).toBe(25_000);
  });

  it('an unknown traveller makes a boleta wait, not a factura', () => {
    expect(
      splitDocument({
        lines: [tour],
        travellers: ['resident', 'unknown'],
        factura: false,
        amountCents: 100,
      }),
    ).toEqual({ kind: 'wait', reason: 'passport_missing', unknown: [1] });
    const factura = splitDocument({
      lines: [tour],
      travellers: ['unknown'],
      factura: true,
      amountCents: 100,
    });
    expect(factura).toMatchObject({ kind: 'split', operationType: '0101', exportCents: 0 });
  });

  it('lines add up to the amount exactly; value + IGV = total on each line', () => {
    const line = fc.record({
      kind: fc.constantFrom<SaleLine['kind']>('passenger', 'hotel', 'service'),
      description: fc.constant('x'),
      exportEligible: fc.boolean(),
      totalCents: fc.integer({ min: 0, max: 2_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.array(fc.constantFrom<TravellerClass>('resident', 'non_domiciled'), { maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 5_000_000 }),
        (lines, travellers, factura, amountCents) => {
          const answer = splitDocument({ lines, travellers, factura, amountCents });
          if (answer.kind !== 'split') throw new Error('waits');
          expect(answer.lines.reduce((sum, l) => sum + l.totalCents, 0)).toBe(amountCents);
          expect(answer.totalCents).toBe(amountCents);
          for (const l of answer.lines) {
            expect(l.valueCents + l.igvCents).toBe(l.totalCents);
            expect(l.valueCents).toBeGreaterThanOrEqual(0);
            if (l.affectation === '40') expect(l.igvCents).toBe(0);
            else expect(l.valueCents).toBe(Math.round(l.totalCents / 1.18));
          }
          if (factura) expect(answer.exportCents).toBe(0);
          expect(answer.operationType).toBe(answer.exportCents > 0 ? '0205' : '0101');
          const part = partOfLines(answer.lines, Math.ceil(amountCents / 3));
          expect(part.totalCents).toBe(Math.ceil(amountCents / 3));
        },
      ),
    );
  });

  it('taxed parts and apportion', () => {
    expect(taxedParts(118)).toEqual({ valueCents: 100, igvCents: 18 });
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(5, [0, 0])).toEqual([5, 0]);
  });
});

describe('V, K, R per ledger entry', () => {
  const entry = fc.record({
    kind: fc.constantFrom<LedgerKind>(
      'purchase',
      'addition',
      'discount',
      'payment',
      'refund',
      'credit',
    ),
    amountCents: fc.integer({ min: 1, max: 500_000 }),
  });

  it('after any sequence R = min(K, V) (not below 0); notes never exceed what is left', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        let state: ReceiptsState = { value: 0, kept: 0, receipted: 0, open: [] };
        let issued = 0;
        const totals = new Map<string, number>();
        for (const e of entries) {
          const { action, state: next } = planEntry(state, e);
          if (action.kind === 'receipt') {
            expect(action.amountCents).toBeGreaterThan(0);
            const id = `r${issued++}`;
            totals.set(id, action.amountCents);
            next.open = [{ id, leftCents: action.amountCents }, ...next.open];
          }
          if (action.kind === 'notes') {
            for (const note of action.notes) {
              const before = state.open.find((r) => r.id === note.receiptId);
              expect(note.amountCents).toBeGreaterThan(0);
              expect(note.amountCents).toBeLessThanOrEqual(before?.leftCents ?? 0);
              expect(note.leftAfter).toBe((before?.leftCents ?? 0) - note.amountCents);
            }
          }
          state = next;
          expect(state.receipted).toBe(receiptTarget(state));
          expect(state.open.reduce((sum, r) => sum + r.leftCents, 0)).toBe(state.receipted);
          for (const r of state.open) expect(Number.isInteger(r.leftCents)).toBe(true);
        }
      }),
    );
  });

  it('a refund after a full payment: one note against the newest receipt first', () => {
    let state: ReceiptsState = { value: 0, kept: 0, receipted: 0, open: [] };
    state = planEntry(state, { kind: 'purchase', amountCents: 1000 }).state;
    const first = planEntry(state, { kind: 'payment', amountCents: 600 });
    expect(first.action).toEqual({ kind: 'receipt', amountCents: 600 });
    state = { ...first.state, open: [{ id: 'a', leftCents: 600 }] };
    const second = planEntry(state, { kind: 'payment', amountCents: 400 });
    state = { ...second.state, open: [{ id: 'b', leftCents: 400 }, ...state.open] };
    const refund = planEntry(state, { kind: 'refund', amountCents: 500 });
    expect(refund.action).toEqual({
      kind: 'notes',
      notes: [
        { receiptId: 'b', amountCents: 400, leftAfter: 0 },
        { receiptId: 'a', amountCents: 100, leftAfter: 500 },
      ],
    });
  });

  it('credit note types by entry', () => {
    expect(creditNoteType({ kind: 'discount', description: 'cancellation' }, true)).toBe('01');
    expect(creditNoteType({ kind: 'discount', description: 'cancellation' }, false)).toBe('09');
    expect(creditNoteType({ kind: 'discount', description: 'loyalty' }, false)).toBe('04');
    expect(creditNoteType({ kind: 'refund', description: 'refund' }, true)).toBe('06');
    expect(creditNoteType({ kind: 'credit', description: 'credit-issued' }, false)).toBe('07');
  });
});
