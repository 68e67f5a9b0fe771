import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterEntry,
  apportion,
  classifyTraveller,
  creditNoteType,
  type LedgerKind,
  lineExportEligible,
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

  it('a passport on file without a country is unknown (the country tells it is foreign)', () => {
    expect(classifyTraveller({ countryId: null, documentKind: 'passport', hasScan: true })).toBe(
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

  it('the tour and its lodging may be exports, a service only when it is a tourism service', () => {
    const line = (kind: SaleLine['kind'], exportEligible: boolean): SaleLine => ({
      kind,
      description: kind,
      exportEligible,
      totalCents: 1,
    });
    expect(lineExportEligible(line('passenger', false))).toBe(true);
    expect(lineExportEligible(line('hotel', false))).toBe(true);
    expect(lineExportEligible(line('service', false))).toBe(false);
    expect(lineExportEligible(line('service', true))).toBe(true);
  });

  it('a non-domiciled traveller: the lodging is an export too', () => {
    const hotel: SaleLine = {
      kind: 'hotel',
      description: 'Hotel',
      exportEligible: false,
      totalCents: 30_000,
    };
    const answer = splitDocument({
      lines: [hotel],
      travellers: ['non_domiciled'],
      factura: false,
      amountCents: 30_000,
    });
    expect(answer).toMatchObject({ kind: 'split', operationType: '0205', exportCents: 30_000 });
  });

  it('two non-domiciled travellers of three: two thirds of the tour are an export', () => {
    const answer = splitDocument({
      lines: [tour],
      travellers: ['non_domiciled', 'resident', 'non_domiciled'],
      factura: false,
      amountCents: 30_000,
    });
    expect(answer).toEqual({
      kind: 'split',
      lines: [
        {
          description: 'Tour',
          affectation: '40',
          valueCents: 20_000,
          igvCents: 0,
          totalCents: 20_000,
        },
        {
          description: 'Tour',
          affectation: '10',
          valueCents: 8_475,
          igvCents: 1_525,
          totalCents: 10_000,
        },
      ],
      operationType: '0205',
      taxedCents: 8_475,
      exportCents: 20_000,
      igvCents: 1_525,
      totalCents: 30_000,
    });
  });

  it('a line that cannot be an export gives one taxed line, no empty export line', () => {
    const answer = splitDocument({
      lines: [rental],
      travellers: ['non_domiciled'],
      factura: false,
      amountCents: 2_360,
    });
    expect(answer).toEqual({
      kind: 'split',
      lines: [
        {
          description: 'Sleeping bag',
          affectation: '10',
          valueCents: 2_000,
          igvCents: 360,
          totalCents: 2_360,
        },
      ],
      operationType: '0101',
      taxedCents: 2_000,
      exportCents: 0,
      igvCents: 360,
      totalCents: 2_360,
    });
  });

  it('no traveller on the booking: the tour is taxed, whole', () => {
    const answer = splitDocument({
      lines: [tour],
      travellers: [],
      factura: false,
      amountCents: 1_180,
    });
    expect(answer).toMatchObject({
      kind: 'split',
      taxedCents: 1_000,
      igvCents: 180,
      exportCents: 0,
    });
  });

  it('a line with no total gets no share and no line', () => {
    const free: SaleLine = { ...rental, description: 'Free', totalCents: 0 };
    const answer = splitDocument({
      lines: [free, tour],
      travellers: ['resident'],
      factura: false,
      amountCents: 1_180,
    });
    if (answer.kind !== 'split') throw new Error('waits');
    expect(answer.lines.map((line) => line.description)).toEqual(['Tour']);
  });

  it('waits for a passport only when a line that may be an export has something to share', () => {
    const unknownOf = (lines: SaleLine[]) =>
      splitDocument({ lines, travellers: ['unknown'], factura: false, amountCents: 1_180 }).kind;
    // A rental alone: taxed whoever the traveller is, no need to wait.
    expect(unknownOf([rental])).toBe('split');
    // A rental and the tour: the tour may be an export.
    expect(unknownOf([rental, tour])).toBe('wait');
    expect(unknownOf([tour, rental])).toBe('wait');
    // The tour at 0 (free) beside a rental: nothing of it to export.
    expect(unknownOf([{ ...tour, totalCents: 0 }, rental])).toBe('split');
  });

  it('a sale without lines: one taxed line, described by the fallback or as a sale', () => {
    const of = (fallbackDescription?: string) =>
      splitDocument({
        lines: [],
        travellers: ['non_domiciled'],
        factura: false,
        amountCents: 1_180,
        ...(fallbackDescription === undefined ? {} : { fallbackDescription }),
      });
    expect(of()).toEqual({
      kind: 'split',
      lines: [
        {
          description: 'Sale',
          affectation: '10',
          valueCents: 1_000,
          igvCents: 180,
          totalCents: 1_180,
        },
      ],
      operationType: '0101',
      taxedCents: 1_000,
      exportCents: 0,
      igvCents: 180,
      totalCents: 1_180,
    });
    const described = of('Deposit');
    if (described.kind !== 'split') throw new Error('waits');
    expect(described.lines.map((line) => [line.description, line.affectation])).toEqual([
      ['Deposit', '10'],
    ]);
  });

  it('a part of the lines: each share kept to its affectation, a line with no share dropped', () => {
    const lines = [
      {
        description: 'Tour',
        affectation: '40' as const,
        valueCents: 2_000,
        igvCents: 0,
        totalCents: 2_000,
      },
      {
        description: 'Bag',
        affectation: '10' as const,
        valueCents: 1_000,
        igvCents: 180,
        totalCents: 1_180,
      },
    ];
    expect(partOfLines(lines, 1_590)).toEqual({
      lines: [
        {
          description: 'Tour',
          affectation: '40',
          valueCents: 1_000,
          igvCents: 0,
          totalCents: 1_000,
        },
        { description: 'Bag', affectation: '10', valueCents: 500, igvCents: 90, totalCents: 590 },
      ],
      operationType: '0205',
      taxedCents: 500,
      exportCents: 1_000,
      igvCents: 90,
      totalCents: 1_590,
    });
    // One cent: all to the larger line, none to the other.
    expect(partOfLines(lines, 1).lines).toEqual([
      { description: 'Tour', affectation: '40', valueCents: 1, igvCents: 0, totalCents: 1 },
    ]);
    expect(partOfLines([lines[1] as (typeof lines)[number]], 118).lines).toEqual([
      { description: 'Bag', affectation: '10', valueCents: 100, igvCents: 18, totalCents: 118 },
    ]);
  });

  it('taxed parts and apportion', () => {
    expect(taxedParts(118)).toEqual({ valueCents: 100, igvCents: 18 });
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(5, [0, 0])).toEqual([5, 0]);
    expect(apportion(5, [])).toEqual([]);
    // The cents left go to the largest remainders, not to the first lines.
    expect(apportion(10, [1, 2])).toEqual([3, 7]);
    expect(apportion(10, [5, 2])).toEqual([7, 3]);
    expect(apportion(10, [2, 5])).toEqual([3, 7]);
    expect(apportion(100, [1, 1, 1, 3])).toEqual([17, 17, 16, 50]);
    // Equal remainders: the first lines first.
    expect(apportion(2, [1, 1, 1, 1])).toEqual([1, 1, 0, 0]);
    expect(apportion(3, [1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0]);
  });

  it('property: apportion rounds each exact share down or up, the ups to the largest remainders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const total = weights.reduce((sum, w) => sum + w, 0);
          fc.pre(total > 0);
          const shares = apportion(amount, weights);
          expect(shares.reduce((sum, s) => sum + s, 0)).toBe(amount);
          const exact = weights.map((w) => (amount * w) / total);
          const up = shares.map((share, i) => share - Math.floor(exact[i] as number));
          for (const u of up) expect([0, 1]).toContain(u);
          const rest = (i: number) => (exact[i] as number) - Math.floor(exact[i] as number);
          up.forEach((ui, i) => {
            up.forEach((uj, j) => {
              // One rounded up and the other down: the one up has the larger remainder, or the
              // same and comes first.
              if (ui === 1 && uj === 0) {
                expect(rest(i) > rest(j) || (rest(i) === rest(j) && i < j)).toBe(true);
              }
            });
          });
        },
      ),
    );
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

  it('V and K after each kind of entry', () => {
    const state = { value: 1_000, kept: 400 };
    expect(afterEntry(state, { kind: 'purchase', amountCents: 100 })).toEqual({
      value: 1_100,
      kept: 400,
    });
    expect(afterEntry(state, { kind: 'addition', amountCents: 100 })).toEqual({
      value: 1_100,
      kept: 400,
    });
    expect(afterEntry(state, { kind: 'discount', amountCents: 100 })).toEqual({
      value: 900,
      kept: 400,
    });
    expect(afterEntry(state, { kind: 'payment', amountCents: 100 })).toEqual({
      value: 1_000,
      kept: 500,
    });
    expect(afterEntry(state, { kind: 'refund', amountCents: 100 })).toEqual({
      value: 1_000,
      kept: 300,
    });
    expect(afterEntry(state, { kind: 'credit', amountCents: 100 })).toEqual({
      value: 1_000,
      kept: 300,
    });
  });

  it('a discount after a full payment: a note for it, V and R down', () => {
    const state: ReceiptsState = {
      value: 1_000,
      kept: 1_000,
      receipted: 1_000,
      open: [{ id: 'a', leftCents: 1_000 }],
    };
    expect(planEntry(state, { kind: 'discount', amountCents: 300 })).toEqual({
      action: { kind: 'notes', notes: [{ receiptId: 'a', amountCents: 300, leftAfter: 700 }] },
      state: { value: 700, kept: 1_000, receipted: 700, open: [{ id: 'a', leftCents: 700 }] },
    });
  });

  it('an entry that does not move the target gives nothing', () => {
    const state: ReceiptsState = {
      value: 1_000,
      kept: 400,
      receipted: 400,
      open: [{ id: 'a', leftCents: 400 }],
    };
    // A discount that leaves V above K: T stays 400.
    expect(planEntry(state, { kind: 'discount', amountCents: 100 })).toEqual({
      action: { kind: 'none' },
      state: { value: 900, kept: 400, receipted: 400, open: [{ id: 'a', leftCents: 400 }] },
    });
    // A purchase before any payment.
    const empty: ReceiptsState = { value: 0, kept: 0, receipted: 0, open: [] };
    expect(planEntry(empty, { kind: 'purchase', amountCents: 500 })).toEqual({
      action: { kind: 'none' },
      state: { value: 500, kept: 0, receipted: 0, open: [] },
    });
  });

  it('notes never exceed what is left on the receipts: R falls only by what was noted', () => {
    // R says 1,000 but the live receipts hold 600 (one was voided outside the plan).
    const state: ReceiptsState = {
      value: 1_000,
      kept: 1_000,
      receipted: 1_000,
      open: [{ id: 'a', leftCents: 600 }],
    };
    expect(planEntry(state, { kind: 'refund', amountCents: 1_000 })).toEqual({
      action: { kind: 'notes', notes: [{ receiptId: 'a', amountCents: 600, leftAfter: 0 }] },
      state: { value: 1_000, kept: 0, receipted: 400, open: [{ id: 'a', leftCents: 0 }] },
    });
    // Nothing left on any receipt: no note at all.
    const spent: ReceiptsState = { ...state, open: [{ id: 'a', leftCents: 0 }] };
    expect(planEntry(spent, { kind: 'refund', amountCents: 1_000 }).action).toEqual({
      kind: 'none',
    });
  });

  it('credit note types by entry', () => {
    expect(creditNoteType({ kind: 'discount', description: 'cancellation' }, true)).toBe('01');
    expect(creditNoteType({ kind: 'discount', description: 'cancellation' }, false)).toBe('09');
    expect(creditNoteType({ kind: 'discount', description: 'loyalty' }, false)).toBe('04');
    expect(creditNoteType({ kind: 'refund', description: 'refund' }, true)).toBe('06');
    expect(creditNoteType({ kind: 'credit', description: 'credit-issued' }, false)).toBe('07');
    expect(creditNoteType({ kind: 'discount', description: 'agency-cancellation' }, true)).toBe(
      '01',
    );
    expect(creditNoteType({ kind: 'discount', description: 'agency-cancellation' }, false)).toBe(
      '09',
    );
    expect(creditNoteType({ kind: 'refund', description: 'refund' }, false)).toBe('07');
    expect(creditNoteType({ kind: 'credit', description: 'credit-issued' }, true)).toBe('06');
    // Entries that never lower the target: the general type, 09.
    for (const kind of ['purchase', 'addition', 'payment'] as const) {
      expect(creditNoteType({ kind, description: 'cancellation' }, true)).toBe('09');
    }
  });
});
