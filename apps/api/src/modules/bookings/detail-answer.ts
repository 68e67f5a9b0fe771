import {
  type AttemptStage,
  type BookingDetail,
  CustomerTypeId,
  fromCents,
  inLanguage,
  isCancelled,
  type Language,
  type MessageKey,
  nameIn,
  passengerCompletion,
  todayInLima,
  translate,
} from '@cusco/shared';
import { lockView } from '../operations/locks.ts';
import type { VoucherState } from '../trail/keys.ts';
import type { BookingDetailRows } from './detail-rows.ts';

const dateOf = (timestamp: Date) => todayInLima(timestamp);

/** What the ledger's own descriptions say to the customer (the message catalogue). */
const ledgerDescriptions: Record<string, MessageKey> = {
  tour: 'ledgerTour',
  services: 'ledgerServices',
  payment: 'ledgerPayment',
  'offline-payment': 'ledgerOfflinePayment',
  refund: 'ledgerRefund',
  'price-drop': 'ledgerPriceDrop',
  'removal-credit': 'ledgerRemovalCredit',
  cancellation: 'ledgerCancellation',
  'agency-cancellation': 'ledgerAgencyCancellation',
  'credit-issued': 'ledgerCredit',
  'credit-payment': 'ledgerCreditPayment',
};

/**
 * A ledger description in the customer's language. The product's own are a catalogue key,
 * maybe followed by `|`-separated values (ledgerDescription): a reference shown after the text,
 * or a removal credit's percent and amount. Staff's own words (a discount's reason) stay as typed.
 */
/** What a re-priced change's price difference says, by the change's kind. */
const changePrices: Record<string, MessageKey> = {
  date: 'changePriceDate',
  option: 'changePriceOption',
  addPassenger: 'changePriceAdded',
  removePassenger: 'changePriceRemoved',
};

export function describeLedgerEntry(description: string, language: Language): string {
  const [head = '', ...values] = description.split('|');
  if (head === 'change-price')
    return translate(changePrices[values[0] ?? ''] ?? 'changePriceDate', language);
  if (head === 'change-kept') return translate('ledgerChangeKept', language);
  if (head === 'change-fee') return translate('ledgerChangeFee', language);
  if (head === 'document-change') return translate('docChangeLedger', language);
  const key = ledgerDescriptions[head];
  if (!key) return description;
  if (key === 'ledgerRemovalCredit') {
    return translate(key, language, { percent: values[0] ?? '', amount: values[1] ?? '' });
  }
  const text = translate(key, language);
  return values.length > 0 && values[0] ? `${text} (${values.join(' ')})` : text;
}

const describe = describeLedgerEntry;

/** The offline payment methods, in the customer's language; a gateway's name stays as it is. */
const methods: Record<string, MessageKey> = {
  cash: 'methodCash',
  transfer: 'methodTransfer',
  'card-terminal': 'methodCardTerminal',
  credit: 'methodCredit',
};

function methodOf(method: string | null, language: Language): string {
  const key = method ? methods[method] : undefined;
  return key ? translate(key, language) : (method ?? '');
}

type Entry = BookingDetailRows['ledger'][number];

/** The ledger's sections of the detail: purchases, payments, additions and discounts. */
function ledgerOf(rows: BookingDetailRows, language: Language) {
  const line = (entry: Entry) => ({
    buyDate: dateOf(entry.createdAt),
    paymentMethod: methodOf(entry.paymentMethod, language),
    commission: fromCents(entry.commissionCents),
    total: fromCents(entry.amountCents),
    description: describe(entry.description, language),
  });
  const extra = (entry: Entry) => ({
    buyDate: dateOf(entry.createdAt),
    name: describe(entry.description, language),
    total: fromCents(entry.amountCents),
  });
  const of = (kind: string) => rows.ledger.filter((entry) => entry.kind === kind);
  return {
    buy: of('purchase').map(line),
    // A refund, or money moved to the customer's credit, is shown among the payments, as money
    // going back (negative).
    payments: rows.ledger
      .filter(
        (entry) => entry.kind === 'payment' || entry.kind === 'refund' || entry.kind === 'credit',
      )
      .map((entry) =>
        entry.kind === 'payment'
          ? line(entry)
          : { ...line(entry), total: -fromCents(entry.amountCents) },
      ),
    paymentExtra: { add: of('addition').map(extra), substract: of('discount').map(extra) },
    balance: {
      purchases: fromCents(rows.totals.purchases),
      payments: fromCents(rows.totals.payments),
      discounts: fromCents(rows.totals.discounts),
      additions: fromCents(rows.totals.additions),
      debt: fromCents(rows.totals.debt),
    },
  };
}

/** Additional services and other tours bought with the booking or later. */
function servicesOf(rows: BookingDetailRows, language: Language) {
  const line = (item: BookingDetailRows['services'][number]) => ({
    id: item.id,
    buyDate: dateOf(item.createdAt),
    productName: `${nameIn(item, language)} (${inLanguage(language, item.labelEn, item.labelEs)})`,
    quantity: item.quantity,
    total: fromCents(item.totalCents),
  });
  return {
    additionalServices: rows.services
      .filter((item) => !item.isTour)
      .map((item) => ({ ...line(item), PRICE: fromCents(item.unitCents) })),
    otherTours: rows.services
      .filter((item) => item.isTour)
      .map((item) => ({ ...line(item), price: fromCents(item.unitCents) })),
  };
}

/** What a passenger's record holds of the fields its completion counts (clients' columns). */
export interface CompletionFields {
  firstName: string;
  lastName: string;
  email: string | null;
  birthDate: string | null;
  sexId: string | null;
  documentTypeId: string | null;
  documentNumber: string | null;
  maritalStatusId: string | null;
  occupationId: string | null;
  countryId: string | null;
  mobile: string | null;
  foodPreferenceId: string | null;
  travelPurposeId: string | null;
  trekkingExperienceId: string | null;
  cardExpiry: string | null;
}

/** The share (0–100) of a passenger's data that is registered, for a slot of a customer type. */
export function clientCompletion(
  client: CompletionFields,
  hasDocument: boolean,
  customerTypeId: string,
): number {
  return passengerCompletion(
    {
      firstName: client.firstName,
      lastName: client.lastName,
      eMail: client.email,
      birthDate: client.birthDate,
      sexId: client.sexId,
      documentTypeId: client.documentTypeId,
      documentNumber: client.documentNumber,
      maritalStatusId: client.maritalStatusId,
      jobId: client.occupationId,
      countryId: client.countryId,
      mobileNumber: client.mobile,
      foodPreferencesId: client.foodPreferenceId,
      travelPurposeId: client.travelPurposeId,
      trekkingExperienceId: client.trekkingExperienceId,
      dateExpirationCard: client.cardExpiry,
      hasDocument,
    },
    customerTypeId === CustomerTypeId.student,
  );
}

/** The passenger slots, with how much of each passenger's data is registered. */
function registryOf(rows: BookingDetailRows, language: Language) {
  return rows.slots.map((slot) => {
    const client = slot.client;
    const hasDocument = slot.documentOf !== null;
    return {
      number: slot.position,
      id: slot.id,
      type: nameIn(slot, language),
      typeId: slot.typeId,
      clientId: client?.id ?? null,
      name: client ? `${client.firstName} ${client.lastName}` : '',
      percentage: client ? clientCompletion(client, hasDocument, slot.typeId) : 0,
      hasDocument,
      emergencyContactName: client?.emergencyContactName ?? null,
      emergencyContactPhone: client?.emergencyContactPhone ?? null,
      ...lockView(slot.lock ?? undefined),
    };
  });
}

type AttemptRow = BookingDetailRows['attempts'][number];

/**
 * The attempts the customer is told about (newest first): every open one and every one to be
 * refunded, and the newest attempt when it was paid or declined: its outcome is the latest news.
 * An older decline is not shown beside a later payment (issue 12, bug 1).
 */
export function attemptsToTell(attempts: AttemptRow[]): AttemptRow[] {
  return attempts.filter(
    (attempt, index) =>
      attempt.status === 'pending' ||
      attempt.status === 'refund_required' ||
      (index === 0 && (attempt.status === 'paid' || attempt.status === 'declined')),
  );
}

/**
 * The voucher is for a booking with nothing left to pay; a corporate booking, on credit, has its
 * voucher as soon as it is saved (ADR 0032).
 */
export function voucherReady(facts: { debtCents: number; corporate: boolean }): boolean {
  return facts.corporate || facts.debtCents <= 0;
}

/**
 * What the booking's voucher code says (issue 32): its code, travel date and travellers (its
 * passenger slots), and whether it has one: the voucher is ready (nothing left to pay, or on
 * credit) and the booking is not cancelled.
 */
export function voucherStateOf(rows: BookingDetailRows): VoucherState {
  const booking = rows.head.booking;
  return {
    code: booking.code,
    travelDate: booking.travelDate,
    passengers: rows.slots.length,
    ready:
      !isCancelled(rows.status) &&
      rows.slots.length > 0 &&
      voucherReady({ debtCents: rows.totals.debt, corporate: booking.corporateClientId !== null }),
  };
}

/**
 * The booking detail (spec §3 "Booking detail") in a language: a pure mapping of its rows, with
 * the voucher's signed code the caller made (voucherStateOf, trail/keys.ts).
 */
export function toBookingDetail(
  rows: BookingDetailRows,
  language: Language,
  stages: ReadonlyMap<string, AttemptStage> = new Map(),
  voucherCode: string | null = null,
): BookingDetail {
  const { booking, ...head } = rows.head;
  const tourName = inLanguage(language, head.tourEn, head.tourEs);
  return {
    booking: {
      name: tourName,
      code: booking.code,
      tourCode: head.tourCode,
      tripDate: booking.travelDate,
      buyDate: dateOf(booking.createdAt),
      type: inLanguage(language, head.typeEn, head.typeEs),
      idcategory: booking.categoryId,
      category: inLanguage(language, head.categoryEn, head.categoryEs),
      debt: fromCents(rows.totals.debt),
      observation: booking.observation,
      corporate: booking.corporateClientId !== null,
      paymentMode: booking.paymentMode === 'P' ? 'P' : 'T',
      expired: rows.status === 'expired',
      status: rows.status,
      pickupPlace: booking.pickupPlace,
      channel: booking.channel,
      resellerReference: booking.resellerReference,
      voucherCode,
    },
    passanger: rows.passengers.map((line) => ({
      type: nameIn(line, language),
      quantity: line.quantity,
      total: fromCents(line.totalCents),
    })),
    includeServices: rows.inclusions.map((item, index) => ({
      number: index + 1,
      name: nameIn(item, language),
      observation: inLanguage(language, item.observationEn, item.observationEs),
    })),
    hotels: rows.hotels.map((line) => ({
      date: booking.travelDate,
      hotelroom: `${inLanguage(language, line.hotelEn, line.hotelEs)} · ${inLanguage(language, line.roomEn, line.roomEs)}`,
      cost: fromCents(line.unitCents),
      amount: line.rooms,
      nights: line.nights,
      total: fromCents(line.totalCents),
    })),
    ...servicesOf(rows, language),
    ...ledgerOf(rows, language),
    passangerRegistry: registryOf(rows, language),
    paymentAttempts: attemptsToTell(rows.attempts).map((attempt) => ({
      transactionId: attempt.id,
      amount: fromCents(attempt.amountCents),
      status: attempt.status as BookingDetail['paymentAttempts'][number]['status'],
      createdAt: attempt.createdAt.toISOString(),
      stage: attempt.status === 'pending' ? (stages.get(attempt.id) ?? 'unconfirmed') : null,
    })),
    resume: [{ number: 1, tour: tourName, observations: booking.observation }],
  };
}
