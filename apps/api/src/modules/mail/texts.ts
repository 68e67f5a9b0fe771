import { fillPlaceholders, type Language } from '@cusco/shared';

/**
 * The e-mails' texts, in English and Spanish (issue 15): one catalogue for every template, so a
 * text missing in one language does not compile. Placeholders use the {{name}} syntax of the
 * API's messages; values are inserted as text (the renderer escapes them for HTML).
 */
/** The agency's phone (and WhatsApp), printed on the voucher for the day of the trip. */
export const AGENCY_PHONE = '+51 984 100 200';

const texts = {
  agency: { en: 'Cusco Treks', es: 'Cusco Treks' },
  footer: {
    en: 'Cusco Treks · Trekking and tours in Cusco, Peru',
    es: 'Cusco Treks · Caminatas y tours en Cusco, Perú',
  },
  hello: { en: 'Hello {{name}},', es: 'Hola {{name}}:' },
  signOff: { en: 'The Cusco Treks team', es: 'El equipo de Cusco Treks' },

  // Facts
  factCode: { en: 'Booking code', es: 'Código de reserva' },
  factTour: { en: 'Tour', es: 'Tour' },
  factDate: { en: 'Travel date', es: 'Fecha de viaje' },
  factType: { en: 'Type', es: 'Tipo' },
  factCategory: { en: 'Category', es: 'Categoría' },
  factPassengers: { en: 'Passengers', es: 'Pasajeros' },
  factTotal: { en: 'Total', es: 'Total' },
  factPaid: { en: 'Paid', es: 'Pagado' },
  factBalance: { en: 'Balance due', es: 'Saldo pendiente' },
  factAmount: { en: 'Amount', es: 'Monto' },
  factMethod: { en: 'Method', es: 'Medio de pago' },
  factPaidOn: { en: 'Date', es: 'Fecha' },
  factNewBalance: { en: 'New balance', es: 'Nuevo saldo' },
  factCustomer: { en: 'Customer', es: 'Cliente' },
  factCompany: { en: 'Company', es: 'Empresa' },
  factRequest: { en: 'Request', es: 'Solicitud' },
  factStatus: { en: 'New status', es: 'Nuevo estado' },
  factAdviser: { en: 'Adviser', es: 'Asesor' },
  factAccount: { en: 'Account', es: 'Cuenta' },
  factWhen: { en: 'When', es: 'Cuándo' },
  onCredit: { en: 'On credit', es: 'A crédito' },

  // Buttons
  openPortal: { en: 'Open my reservations', es: 'Abrir mis reservas' },
  payBalance: { en: 'Pay the balance', es: 'Pagar el saldo' },
  seeBooking: { en: 'See my booking', es: 'Ver mi reserva' },
  openBackOffice: { en: 'Open it in the back office', es: 'Abrirla en el back office' },
  completeData: { en: "Complete the passengers' data", es: 'Completar los datos de los pasajeros' },
  seeRequests: { en: 'See my requests', es: 'Ver mis solicitudes' },
  chooseNewPassword: { en: 'Choose a new password', es: 'Elegir una nueva contraseña' },
  resetNow: { en: 'Reset my password', es: 'Restablecer mi contraseña' },

  // welcome
  welcomeSubject: { en: 'Welcome to Cusco Treks', es: 'Bienvenido a Cusco Treks' },
  welcomeIntro: {
    en: 'Your account is ready. In the portal you can see your reservations, complete your passengers’ data, pay a balance and send us requests.',
    es: 'Su cuenta está lista. En el portal puede ver sus reservas, completar los datos de sus pasajeros, pagar un saldo y enviarnos solicitudes.',
  },
  welcomeUser: {
    en: 'Sign in with your e-mail address, {{email}}.',
    es: 'Ingrese con su correo electrónico, {{email}}.',
  },
  welcomeGuestIntro: {
    en: 'You are booking as a guest: your account, {{email}}, has no password. Each booking e-mail we send you carries a link that signs you in, so you can always get back to your reservations.',
    es: 'Está reservando como invitado: su cuenta, {{email}}, no tiene contraseña. Cada correo de reserva que le enviemos trae un enlace que inicia su sesión, para que siempre pueda volver a sus reservas.',
  },
  welcomeGuestPassword: {
    en: 'Would you rather sign in with a password? Choose one whenever you like, in your profile or here:',
    es: '¿Prefiere ingresar con una contraseña? Elija una cuando quiera, en su perfil o aquí:',
  },
  choosePassword: { en: 'Choose a password', es: 'Elegir una contraseña' },

  // The sign-in link of a guest's booking e-mail (issue 28)
  signInLinkNote: {
    en: 'You booked as a guest, without a password: the button above signs you in to this booking. It works once, within 7 days; after that, choose a password with “Forgot your password?” on the sign-in page.',
    es: 'Reservó como invitado, sin contraseña: el botón de arriba inicia su sesión en esta reserva. Funciona una vez, dentro de 7 días; después, elija una contraseña con «¿Olvidó su contraseña?» en la página de ingreso.',
  },
  signInLinkWithheld: {
    en: "The sign-in link is not shown in this copy: it went only to the account's own address.",
    es: 'El enlace de acceso no se muestra en esta copia: solo se envió a la dirección de la cuenta.',
  },

  // booking_confirmation
  confirmationSubject: {
    en: 'Booking {{code}} confirmed: {{tour}}',
    es: 'Reserva {{code}} confirmada: {{tour}}',
  },
  confirmationSubjectCredit: {
    en: 'Booking {{code}} on credit: {{tour}}',
    es: 'Reserva {{code}} a crédito: {{tour}}',
  },
  confirmationIntro: {
    en: 'Thank you for booking with us. These are the details of your booking:',
    es: 'Gracias por reservar con nosotros. Estos son los datos de su reserva:',
  },
  confirmationPay: {
    en: 'A balance of {{amount}} is due. You can pay it from your booking’s page:',
    es: 'Hay un saldo pendiente de {{amount}}. Puede pagarlo desde la página de su reserva:',
  },
  confirmationCredit: {
    en: 'This booking is on credit for {{company}}: nothing is paid online.',
    es: 'Esta reserva es a crédito para {{company}}: no se paga en línea.',
  },
  confirmationPassengers: {
    en: 'Before you travel, complete each passenger’s data (name, document, birth date) on the same page: we need them for the permits and tickets.',
    es: 'Antes de viajar, complete los datos de cada pasajero (nombre, documento, fecha de nacimiento) en la misma página: los necesitamos para los permisos y las entradas.',
  },
  operationsIntro: {
    en: 'A corporate booking was saved on credit by {{name}} ({{email}}). A copy of the confirmation follows.',
    es: 'Se registró una reserva corporativa a crédito de {{name}} ({{email}}). Sigue una copia de la confirmación.',
  },
  operationsHello: { en: 'Hello,', es: 'Hola:' },

  // booking_changed
  changedCancelSubject: {
    en: 'Booking {{code}} is cancelled',
    es: 'La reserva {{code}} está cancelada',
  },
  changedCancelIntro: {
    en: 'Your booking is cancelled, as you asked. Its seats are given back. This is what the terms of the tour made of it:',
    es: 'Su reserva está cancelada, como lo pidió. Sus cupos se liberaron. Esto es lo que resulta según las condiciones del tour:',
  },
  changedAgencyCancelIntro: {
    en: 'We are sorry: the agency had to cancel your booking. Everything you paid is given back:',
    es: 'Lo sentimos: la agencia tuvo que cancelar su reserva. Se le devuelve todo lo que pagó:',
  },
  changedSubject: {
    en: 'Booking {{code}} was changed',
    es: 'La reserva {{code}} fue modificada',
  },
  changedDateIntro: {
    en: 'Your booking now travels on a new date. This is what the change made of it:',
    es: 'Su reserva ahora viaja en una nueva fecha. Esto es lo que resulta del cambio:',
  },
  changedOptionIntro: {
    en: 'Your booking now has a new type or category. This is what the change made of it:',
    es: 'Su reserva ahora tiene un nuevo tipo o categoría. Esto es lo que resulta del cambio:',
  },
  changedRemovedIntro: {
    en: 'A passenger was removed from your booking. This is what the change made of it:',
    es: 'Se retiró un pasajero de su reserva. Esto es lo que resulta del cambio:',
  },
  changedAddedIntro: {
    en: 'A passenger was added to your booking. This is what the change made of it:',
    es: 'Se añadió un pasajero a su reserva. Esto es lo que resulta del cambio:',
  },
  factNewTotal: { en: 'New total', es: 'Nuevo total' },
  factFee: { en: 'Fee', es: 'Cargo' },
  factKept: { en: 'Kept under the terms', es: 'Retenido según las condiciones' },
  factRefundCard: { en: 'Refunded to your card', es: 'Devuelto a su tarjeta' },
  factRefundCredit: {
    en: 'Added to your credit with the agency',
    es: 'Añadido a su crédito con la agencia',
  },
  changedCardDelay: {
    en: 'A refund to a card may take a few days to show on your statement.',
    es: 'Una devolución a la tarjeta puede tardar unos días en aparecer en su estado de cuenta.',
  },
  changedCreditUse: {
    en: 'Your credit with the agency can pay any later booking: you see it in the portal.',
    es: 'Su crédito con la agencia puede pagar cualquier reserva futura: lo ve en el portal.',
  },

  // receipt
  receiptSubject: {
    en: 'Receipt: {{amount}} paid for booking {{code}}',
    es: 'Recibo: {{amount}} pagados por la reserva {{code}}',
  },
  receiptIntro: {
    en: 'We have received your payment. This is your receipt:',
    es: 'Recibimos su pago. Este es su recibo:',
  },
  receiptPaidInFull: {
    en: 'Your booking is paid in full. Your voucher (PDF) and a calendar file (.ics) are attached: show the voucher, printed or on your phone, at the briefing in Cusco.',
    es: 'Su reserva está pagada por completo. Adjuntamos su voucher (PDF) y un archivo de calendario (.ics): muestre el voucher, impreso o en su teléfono, en la charla informativa en Cusco.',
  },
  receiptBalanceLeft: {
    en: 'A balance of {{amount}} is still due before the trip.',
    es: 'Aún queda un saldo de {{amount}} por pagar antes del viaje.',
  },

  receiptSunatAttached: {
    en: 'Your electronic receipt {{code}} (PDF and XML) is attached.',
    es: 'Adjuntamos su comprobante electrónico {{code}} (PDF y XML).',
  },

  // sunat_receipt (issue 30): a SUNAT document issued outside a payment's own mail
  sunatReceiptSubject: {
    en: '{{document}} {{code}} for booking {{booking}}',
    es: '{{document}} {{code}} de la reserva {{booking}}',
  },
  sunatReceiptIntro: {
    en: 'We have issued an electronic document for your booking. Its PDF and its XML, as sent to SUNAT, are attached; keep them for your records.',
    es: 'Emitimos un comprobante electrónico de su reserva. Adjuntamos su PDF y su XML, tal como se envió a la SUNAT; consérvelos.',
  },
  sunatReceiptNoteIntro: {
    en: 'We have issued a credit note that lowers the receipt {{references}}. Its PDF and its XML are attached.',
    es: 'Emitimos una nota de crédito que disminuye el comprobante {{references}}. Adjuntamos su PDF y su XML.',
  },
  sunatReceiptFactura: { en: 'Invoice (factura)', es: 'Factura' },
  sunatReceiptBoleta: { en: 'Receipt (boleta)', es: 'Boleta de venta' },
  sunatReceiptCreditNote: { en: 'Credit note', es: 'Nota de crédito' },
  sunatReceiptFactDocument: { en: 'Document', es: 'Comprobante' },
  sunatReceiptFactIssued: { en: 'Issued on', es: 'Fecha de emisión' },
  sunatReceiptFactCustomer: { en: 'Customer', es: 'Cliente' },
  sunatReceiptFactTotal: { en: 'Total', es: 'Importe total' },

  // refund (issue 28)
  refundSubject: {
    en: 'Refund: {{amount}} returned for booking {{code}}',
    es: 'Reembolso: le devolvemos {{amount}} de la reserva {{code}}',
  },
  refundIntroStands: {
    en: 'We have refunded part of what you paid. The price of your booking has not changed, so that amount is due again before the trip.',
    es: 'Le devolvimos parte de lo que pagó. El precio de su reserva no cambió, así que ese monto vuelve a estar pendiente antes del viaje.',
  },
  refundIntroDrops: {
    en: 'We have lowered the price of your booking and refunded the difference. Your balance has not changed.',
    es: 'Bajamos el precio de su reserva y le devolvimos la diferencia. Su saldo no cambió.',
  },
  refundTiming: {
    en: 'The money goes back to the card or account you paid with; your bank may take a few days to show it.',
    es: 'El dinero vuelve a la tarjeta o cuenta con la que pagó; su banco puede tardar unos días en mostrarlo.',
  },
  refundNothingDue: {
    en: 'Nothing is left to pay: your voucher remains valid.',
    es: 'No queda nada por pagar: su voucher sigue siendo válido.',
  },
  factRefunded: { en: 'Refunded', es: 'Reembolsado' },
  factRefundedOn: { en: 'Date', es: 'Fecha' },

  // balance_reminder
  reminderSubject: {
    en: '{{days}} days to {{tour}}: {{amount}} still due',
    es: 'Faltan {{days}} días para {{tour}}: {{amount}} pendientes',
  },
  reminderIntro: {
    en: 'Your trip starts on {{date}}, in {{days}} days. A balance of {{amount}} is still due on booking {{code}}.',
    es: 'Su viaje empieza el {{date}}, en {{days}} días. Aún hay un saldo pendiente de {{amount}} en la reserva {{code}}.',
  },
  reminderPaid: {
    en: 'If you have paid it in the meantime, thank you: there is nothing more to do.',
    es: 'Si ya lo pagó, muchas gracias: no tiene que hacer nada más.',
  },

  // passenger_data_reminder
  passengerDataSubject: {
    en: "Complete your passengers' data: booking {{code}}",
    es: 'Complete los datos de sus pasajeros: reserva {{code}}',
  },
  passengerDataIntro: {
    en: 'Your trip {{tour}} starts on {{date}}, in {{days}} days. We still need the data of these passengers to buy their permits and tickets:',
    es: 'Su viaje {{tour}} empieza el {{date}}, en {{days}} días. Aún necesitamos los datos de estos pasajeros para comprar sus permisos y entradas:',
  },
  purchaseDeadline: {
    en: 'We buy their permits and tickets in each passenger’s name by {{date}}: please complete their data before then. Once bought, names, nationality, birth date and document can no longer change.',
    es: 'Compramos sus permisos y boletos a nombre de cada pasajero hasta el {{date}}: complete sus datos antes de esa fecha. Una vez comprados, nombres, nacionalidad, fecha de nacimiento y documento ya no pueden cambiar.',
  },
  purchaseDeadlinePassed: {
    en: 'Their permits and tickets were due to be bought by {{date}}: please complete their data as soon as possible, or places may be lost.',
    es: 'Sus permisos y boletos debían comprarse hasta el {{date}}: complete sus datos lo antes posible, o podrían perderse los cupos.',
  },
  passengerSlot: {
    en: 'Passenger {{number}} ({{type}}){{name}}: {{percent}}% complete',
    es: 'Pasajero {{number}} ({{type}}){{name}}: {{percent}}% completo',
  },

  // request_answered
  answeredSubject: {
    en: 'Your request about booking {{code}} was answered',
    es: 'Su solicitud sobre la reserva {{code}} fue respondida',
  },
  answeredIntro: {
    en: 'The agency has answered your request:',
    es: 'La agencia respondió su solicitud:',
  },
  answeredResponse: { en: 'Our response:', es: 'Nuestra respuesta:' },
  adviserAgency: { en: 'The agency’s desk', es: 'La atención de la agencia' },

  // password_changed
  passwordChangedSubject: {
    en: 'Your password was changed',
    es: 'Su contraseña fue cambiada',
  },
  passwordChangedIntro: {
    en: 'The password of your Cusco Treks account was changed.',
    es: 'La contraseña de su cuenta de Cusco Treks fue cambiada.',
  },
  passwordChangedNotYou: {
    en: 'If this was you, there is nothing to do. If it was not you, reset your password now and write to us: someone may know it.',
    es: 'Si fue usted, no tiene que hacer nada. Si no fue usted, restablezca su contraseña ahora y escríbanos: alguien podría conocerla.',
  },

  // password_reset
  resetSubject: { en: 'Reset your password', es: 'Restablezca su contraseña' },
  resetIntro: {
    en: 'We were asked to reset the password of the Cusco Treks account {{email}}. To choose a new one, open this link:',
    es: 'Nos pidieron restablecer la contraseña de la cuenta de Cusco Treks {{email}}. Para elegir una nueva, abra este enlace:',
  },
  resetValidity: {
    en: 'The link works once, within 30 minutes. Setting a new password signs you out on every device.',
    es: 'El enlace funciona una vez, dentro de 30 minutos. Al elegir una nueva contraseña se cierra su sesión en todos los dispositivos.',
  },
  resetLinkWithheld: {
    en: "The link is not shown in this copy: it went only to the account's own address.",
    es: 'El enlace no se muestra en esta copia: solo se envió a la dirección de la cuenta.',
  },
  resetNotYou: {
    en: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    es: 'Si no lo pidió, ignore este correo: su contraseña sigue igual.',
  },

  // The voucher (PDF) and the calendar file
  voucherTitle: { en: 'Travel voucher', es: 'Voucher de viaje' },
  voucherMeeting: { en: 'Pickup: time and place', es: 'Recojo: hora y lugar' },
  voucherGuideLanguage: { en: 'Guide language', es: 'Idioma del guía' },
  voucherHotelCategory: { en: 'Hotel category', es: 'Categoría de hotel' },
  voucherHotels: { en: 'Hotel booked', es: 'Hotel reservado' },
  voucherHotelLine: {
    en: '{{hotel}}, {{room}}: {{rooms}}, {{nights}}',
    es: '{{hotel}}, {{room}}: {{rooms}}, {{nights}}',
  },
  voucherRoom: { en: '1 room', es: '1 habitación' },
  voucherRooms: { en: '{{count}} rooms', es: '{{count}} habitaciones' },
  voucherNight: { en: '1 night', es: '1 noche' },
  voucherNights: { en: '{{count}} nights', es: '{{count}} noches' },
  voucherPhone: { en: 'Agency phone', es: 'Teléfono de la agencia' },
  voucherDays: { en: '{{days}} days', es: '{{days}} días' },
  voucherDay: { en: '1 day', es: '1 día' },
  voucherDuration: { en: 'Duration', es: 'Duración' },
  voucherPassengers: { en: 'Passengers', es: 'Pasajeros' },
  voucherDocument: { en: 'Document', es: 'Documento' },
  voucherPending: { en: 'data pending', es: 'datos pendientes' },
  voucherIncluded: { en: 'Included', es: 'Incluye' },
  voucherBalance: { en: 'Balance due', es: 'Saldo pendiente' },
  voucherShow: {
    en: 'Show this voucher at the briefing in Cusco. The QR code holds the booking code.',
    es: 'Presente este voucher en la charla informativa en Cusco. El código QR contiene el código de reserva.',
  },
  calendarDescription: {
    en: 'Booking {{code}} with Cusco Treks. Meeting: {{meeting}}. Your booking: {{link}}',
    es: 'Reserva {{code}} con Cusco Treks. Encuentro: {{meeting}}. Su reserva: {{link}}',
  },
  calendarLocation: { en: 'Cusco, Peru', es: 'Cusco, Perú' },

  // document_change (issue 29)
  docChangeConfirmedSubject: {
    en: 'Booking {{code}}: the document change is done',
    es: 'Reserva {{code}}: el cambio de documento está hecho',
  },
  docChangeConfirmedIntro: {
    en: 'We bought the new permit in {{name}}’s new details: they now travel with the document below.',
    es: 'Compramos el nuevo permiso con los nuevos datos de {{name}}: ahora viaja con el documento indicado abajo.',
  },
  docChangeRefusedSubject: {
    en: 'Booking {{code}}: the document change was not made',
    es: 'Reserva {{code}}: no se hizo el cambio de documento',
  },
  docChangeRefusedIntro: {
    en: 'We could not make the document change asked for {{name}}, for this reason:',
    es: 'No pudimos hacer el cambio de documento solicitado para {{name}}, por este motivo:',
  },
  factNewLastName: { en: 'New last name', es: 'Nuevo apellido' },
  factNewDocument: { en: 'New document number', es: 'Nuevo número de documento' },
  factNewCountry: { en: 'New nationality', es: 'Nueva nacionalidad' },
  factFeeAdded: { en: 'Added to your booking', es: 'Añadido a su reserva' },
  // complaint_filed, complaint_answered (issue 30: the complaints book)
  complaintFiledSubject: {
    en: 'Your complaint {{number}} was received',
    es: 'Recibimos su reclamo {{number}}',
  },
  complaintFiledOperationsSubject: {
    en: 'New sheet in the complaints book: {{number}}',
    es: 'Nueva hoja en el libro de reclamaciones: {{number}}',
  },
  complaintHello: { en: 'Dear {{name}},', es: 'Estimado(a) {{name}}:' },
  complaintFiledIntro: {
    en: 'We received your sheet in our complaints book (Libro de Reclamaciones). A copy is attached as a PDF.',
    es: 'Recibimos su hoja en nuestro Libro de Reclamaciones. Adjuntamos una copia en PDF.',
  },
  complaintFiledOperationsIntro: {
    en: 'A consumer filed a sheet in the complaints book. Answer it in the back office before its due date.',
    es: 'Un consumidor registró una hoja en el libro de reclamaciones. Respóndala en el back office antes de su fecha límite.',
  },
  complaintFiledDeadline: {
    en: 'We will answer you by e-mail within 15 working days, by {{date}} at the latest.',
    es: 'Le responderemos por correo electrónico en un plazo máximo de 15 días hábiles, a más tardar el {{date}}.',
  },
  complaintFactNumber: { en: 'Sheet number', es: 'Número de hoja' },
  complaintFactKind: { en: 'Kind', es: 'Tipo' },
  complaintFactFiled: { en: 'Filed on', es: 'Fecha de registro' },
  complaintFactDue: { en: 'Answer due by', es: 'Fecha límite de respuesta' },
  complaintFactProvider: { en: 'Provider', es: 'Proveedor' },
  complaintKindComplaint: { en: 'Complaint (reclamo)', es: 'Reclamo' },
  complaintKindGrievance: { en: 'Grievance (queja)', es: 'Queja' },
  complaintOpenQueue: { en: 'Open the complaints book', es: 'Abrir el libro de reclamaciones' },
  complaintAnsweredSubject: {
    en: 'Our answer to your complaint {{number}}',
    es: 'Nuestra respuesta a su reclamo {{number}}',
  },
  complaintAnsweredIntro: {
    en: 'This is our answer to the sheet you filed in our complaints book. The sheet with the answer is attached as a PDF.',
    es: 'Esta es nuestra respuesta a la hoja que registró en nuestro Libro de Reclamaciones. Adjuntamos la hoja con la respuesta en PDF.',
  },
  complaintAnsweredIndecopi: {
    en: 'If you are not satisfied with this answer, you may go to INDECOPI.',
    es: 'Si no está conforme con esta respuesta, puede acudir al INDECOPI.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MailTextKey = keyof typeof texts;

/** A text of the e-mails in a language, with its {{placeholders}} filled. */
export function mailText(
  key: MailTextKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders(texts[key][language], params);
}

/** "$1,234.50" (en) or "US$ 1,234.50" (es, as Peru writes dollars): money in e-mails. */
export function money(cents: number, language: Language, currency = 'USD'): string {
  const amount = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  if (currency !== 'USD') return `${currency} ${amount}`;
  return language === 'es' ? `US$ ${amount}` : `$${amount}`;
}

/** "Monday, 15 March 2027" / "lunes, 15 de marzo de 2027": a travel date (YYYY-MM-DD). */
export function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A moment in the agency's time (America/Lima), e.g. "15 Mar 2027, 14:05". */
export function limaMoment(moment: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Lima',
  }).format(moment);
}
