/**
 * The receipts' rule (issue 30, ADR 0046): who a traveller is for the tax, how a document's amount
 * splits into taxed (18 % IGV included) and export (0 %) lines, and what each ledger entry gives the
 * receipts (a receipt, credit notes, or nothing). Pure: the API issues what these answer.
 */

/** IGV: 18 % (16 % IGV + 2 % IPM), included in the prices of taxed lines. */
export const IGV_RATE = 0.18;

/** A traveller's document, as the passenger form names its kinds. */
export type TravellerDocumentKind = 'passport' | 'dni' | 'foreign_card' | 'other' | null;

/**
 * resident: domiciled in Peru (a Peruvian, a DNI, a foreigner's card): taxed at 18 %;
 * non_domiciled: a foreign passport, its copy on file: the package's services are an export;
 * unknown: may be non-domiciled, but the copy of the passport is not on file (yet).
 */
export type TravellerClass = 'resident' | 'non_domiciled' | 'unknown';

export interface TravellerFacts {
  countryId: string | null;
  documentKind: TravellerDocumentKind;
  /** A scan of the document is on file (the copy the Reglamento asks for, art. 9-D). */
  hasScan: boolean;
}

/** A traveller's class for the IGV (ADR 0046). */
export function classifyTraveller(facts: TravellerFacts): TravellerClass {
  if (facts.countryId === 'PE') return 'resident';
  if (facts.documentKind === 'dni' || facts.documentKind === 'foreign_card') return 'resident';
  if (facts.documentKind === 'passport' && facts.countryId !== null && facts.hasScan) {
    return 'non_domiciled';
  }
  return 'unknown';
}

/** A line of the booking, as the tax sees it. */
export interface SaleLine {
  /** passenger: the tour itself; hotel: its lodging; service: an additional service. */
  kind: 'passenger' | 'hotel' | 'service';
  description: string;
  /** For a service: a tourism service of the package (guiding, transport, meals…). */
  exportEligible: boolean;
  totalCents: number;
}

/** Catalogue 07 as used: 10 taxed, 40 export. */
export type LineAffectation = '10' | '40';

export interface SplitLine {
  description: string;
  affectation: LineAffectation;
  valueCents: number;
  igvCents: number;
  totalCents: number;
}

export interface DocumentSplit {
  lines: SplitLine[];
  /** Catalogue 51: 0205 when any line is an export, else 0101. */
  operationType: '0101' | '0205';
  taxedCents: number;
  exportCents: number;
  igvCents: number;
  totalCents: number;
}

export type SplitAnswer =
  | ({ kind: 'split' } & DocumentSplit)
  | { kind: 'wait'; reason: 'passport_missing'; unknown: number[] };

/** A taxed total's value and IGV: value = round(total / 1.18), IGV = the rest. */
export function taxedParts(totalCents: number): { valueCents: number; igvCents: number } {
  const valueCents = Math.round(totalCents / (1 + IGV_RATE));
  return { valueCents, igvCents: totalCents - valueCents };
}

/** Whether a line may be an export of a tourist package's services (art. 33 num. 9 and 4). */
export function lineExportEligible(line: SaleLine): boolean {
  return line.kind === 'passenger' || line.kind === 'hotel' || line.exportEligible;
}

/**
 * Shares `amount` among `weights` (non-negative) in proportion, to the cent, by largest
 * remainder: the shares add up to `amount` exactly. With no weight, all goes to the first.
 */
export function apportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  // No weights: `map` answers [] here.
  if (total <= 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map((value) => Math.floor(value));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    // Equal remainders keep their lines' order: `sort` is stable (ES2019) and `exact` is in it.
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * A document's lines for `amountCents` of a sale: the amount shared among the booking's lines in
 * proportion to their totals; each eligible line's share split between the non-domiciled
 * travellers (export, 0 %) and the others (taxed, 18 % included). A factura is all taxed (a RUC
 * is a domiciled buyer). Waits when an eligible line has a traveller whose passport is not on
 * file. The lines' totals add up to `amountCents` exactly.
 */
export function splitDocument(input: {
  lines: SaleLine[];
  travellers: TravellerClass[];
  factura: boolean;
  amountCents: number;
  /** The description of a document of a sale without lines. */
  fallbackDescription?: string;
}): SplitAnswer {
  const { lines, travellers, factura, amountCents } = input;
  const eligible = lines.some((line) => lineExportEligible(line) && line.totalCents > 0);
  const unknown = travellers.flatMap((kind, index) => (kind === 'unknown' ? [index] : []));
  if (!factura && eligible && unknown.length > 0) {
    return { kind: 'wait', reason: 'passport_missing', unknown };
  }
  const nonDomiciled = factura ? 0 : travellers.filter((kind) => kind === 'non_domiciled').length;
  const people = travellers.length;
  // With no traveller, nonDomiciled is 0 too: the export below never divides by 0.
  const sale: SaleLine[] =
    lines.length > 0
      ? lines
      : [
          {
            // Stryker disable next-line StringLiteral: only lineExportEligible reads a line's kind, and it is false for 'service' and '' alike (exportEligible false)
            kind: 'service',
            description: input.fallbackDescription ?? 'Sale',
            exportEligible: false,
            totalCents: amountCents,
          },
        ];
  const shares = apportion(
    amountCents,
    sale.map((line) => Math.max(line.totalCents, 0)),
  );
  const out: SplitLine[] = [];
  sale.forEach((line, index) => {
    // A share of 0 (or less) gives no line: nothing exported, nothing taxed.
    const share = shares[index] ?? 0;
    const exported =
      nonDomiciled > 0 && lineExportEligible(line)
        ? Math.round((share * nonDomiciled) / people)
        : 0;
    if (exported > 0) {
      out.push({
        description: line.description,
        affectation: '40',
        valueCents: exported,
        igvCents: 0,
        totalCents: exported,
      });
    }
    const taxed = share - exported;
    if (taxed > 0) {
      out.push({
        description: line.description,
        affectation: '10',
        ...taxedParts(taxed),
        totalCents: taxed,
      });
    }
  });
  return { kind: 'split', ...totalsOf(out) };
}

/** The totals of a document's lines, and its operation type. */
export function totalsOf(lines: SplitLine[]): DocumentSplit {
  let taxedCents = 0;
  let exportCents = 0;
  let igvCents = 0;
  for (const line of lines) {
    if (line.affectation === '40') exportCents += line.valueCents;
    else taxedCents += line.valueCents;
    igvCents += line.igvCents;
  }
  return {
    lines,
    operationType: exportCents > 0 ? '0205' : '0101',
    taxedCents,
    exportCents,
    igvCents,
    totalCents: taxedCents + exportCents + igvCents,
  };
}

/** A part of a document's lines (a credit note's share of its receipt), exact to the cent. */
export function partOfLines(lines: SplitLine[], amountCents: number): DocumentSplit {
  const shares = apportion(
    amountCents,
    lines.map((line) => line.totalCents),
  );
  const out: SplitLine[] = [];
  lines.forEach((line, index) => {
    const share = shares[index] ?? 0;
    if (share <= 0) return;
    out.push(
      line.affectation === '40'
        ? { ...line, valueCents: share, igvCents: 0, totalCents: share }
        : { ...line, ...taxedParts(share), totalCents: share },
    );
  });
  return totalsOf(out);
}

// ---------------------------------------------------------------------------------------------
// V, K, R: what each ledger entry gives the receipts
// ---------------------------------------------------------------------------------------------

export type LedgerKind = 'purchase' | 'addition' | 'discount' | 'payment' | 'refund' | 'credit';

/** A booking's receipts so far: V, K, R, and what is left on each live receipt, newest first. */
export interface ReceiptsState {
  /** Value: purchases + additions − discounts. */
  value: number;
  /** Kept: payments − refunds − credits. */
  kept: number;
  /** Receipted: receipts − credit notes (live ones). */
  receipted: number;
  /** The live receipts (boletas, facturas) with what their notes left on them, newest first. */
  open: { id: string; leftCents: number }[];
}

export type EntryAction =
  | { kind: 'none' }
  | { kind: 'receipt'; amountCents: number }
  | { kind: 'notes'; notes: { receiptId: string; amountCents: number; leftAfter: number }[] };

/** V and K after an entry. */
export function afterEntry(
  state: Pick<ReceiptsState, 'value' | 'kept'>,
  entry: { kind: LedgerKind; amountCents: number },
): { value: number; kept: number } {
  const { amountCents: amount } = entry;
  switch (entry.kind) {
    case 'purchase':
    case 'addition':
      return { ...state, value: state.value + amount };
    case 'discount':
      return { ...state, value: state.value - amount };
    case 'payment':
      return { ...state, kept: state.kept + amount };
    case 'refund':
    case 'credit':
      return { ...state, kept: state.kept - amount };
  }
}

/** The target of the receipts: what was both sold and kept, T = min(K, V), never below 0. */
export function receiptTarget(state: Pick<ReceiptsState, 'value' | 'kept'>): number {
  return Math.max(0, Math.min(state.kept, state.value));
}

/**
 * What one ledger entry gives the receipts: with T the target after it, T − R > 0 a receipt of
 * that amount, < 0 credit notes against the newest receipts with something left on them (never
 * more than is left on each). Answers the new state too.
 */
export function planEntry(
  state: ReceiptsState,
  entry: { kind: LedgerKind; amountCents: number },
): { action: EntryAction; state: ReceiptsState } {
  const moved = afterEntry(state, entry);
  const delta = receiptTarget(moved) - state.receipted;
  if (delta > 0) {
    return {
      action: { kind: 'receipt', amountCents: delta },
      state: { ...state, ...moved, receipted: state.receipted + delta },
    };
  }
  // delta ≤ 0: credit notes for what the target fell by (none when it did not fall).
  let owed = -delta;
  const notes: { receiptId: string; amountCents: number; leftAfter: number }[] = [];
  const open = state.open.map((receipt) => {
    if (owed <= 0 || receipt.leftCents <= 0) return receipt;
    const amountCents = Math.min(owed, receipt.leftCents);
    owed -= amountCents;
    const leftAfter = receipt.leftCents - amountCents;
    notes.push({ receiptId: receipt.id, amountCents, leftAfter });
    return { ...receipt, leftCents: leftAfter };
  });
  const noted = -delta - owed;
  return {
    action: notes.length > 0 ? { kind: 'notes', notes } : { kind: 'none' },
    state: { ...state, ...moved, receipted: state.receipted - noted, open },
  };
}

/**
 * Catalogue 09, the credit note's type by the entry that causes it: a cancellation's release 01
 * (anulación de la operación) when it leaves nothing on the receipt, else 09 (disminución en el
 * valor); another discount 04 (descuento global); a refund or a credit 06 (devolución total) when
 * it leaves nothing, else 07 (devolución por ítem).
 */
export function creditNoteType(
  entry: { kind: LedgerKind; description: string },
  leavesNothing: boolean,
): '01' | '04' | '06' | '07' | '09' {
  if (entry.kind === 'discount') {
    if (entry.description === 'cancellation' || entry.description === 'agency-cancellation') {
      return leavesNothing ? '01' : '09';
    }
    return '04';
  }
  if (entry.kind === 'refund' || entry.kind === 'credit') return leavesNothing ? '06' : '07';
  return '09';
}
