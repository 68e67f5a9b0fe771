/**
 * The catalogue of validation and business messages, shared by the API (error bodies) and the
 * web app (forms and alerts). Schemas carry these keys as their error messages; each side turns
 * a key into text in the caller's language. Placeholders use i18next's {{name}} syntax.
 */
export type Language = 'en' | 'es';

/** The English or the Spanish of something, in a language: the one place that chooses. */
export function inLanguage<T>(language: Language, english: T, spanish: T): T {
  return language === 'en' ? english : spanish;
}

/** The name of a bilingual row (its `nameEn` and `nameEs`) in a language. */
export function nameIn(row: { nameEn: string; nameEs: string }, language: Language): string {
  return inLanguage(language, row.nameEn, row.nameEs);
}

export const messages = {
  // Generic field rules
  required: {
    en: 'Please fill in the fields, they are required',
    es: 'Por favor complete los campos, son obligatorios',
  },
  fieldRequired: { en: 'This field is required', es: 'Este campo es obligatorio' },
  tooLong50: { en: 'At most 50 characters', es: 'Máximo 50 caracteres' },
  tooLong20: { en: 'At most 20 characters', es: 'Máximo 20 caracteres' },
  invalidEmail: { en: 'Enter a valid e-mail address', es: 'Ingrese un correo electrónico válido' },
  invalidPhone: {
    en: 'Use only digits, spaces, +, - and parentheses',
    es: 'Use solo dígitos, espacios, +, - y paréntesis',
  },
  invalidDate: { en: 'Enter a valid date', es: 'Ingrese una fecha válida' },
  dateBefore1900: {
    en: 'The date cannot be before 01/01/1900',
    es: 'La fecha no puede ser anterior al 01/01/1900',
  },
  mustBeAdult: {
    en: 'You must be at least 18 years old to register',
    es: 'Debe tener al menos 18 años para registrarse',
  },
  passwordTooShort: {
    en: 'The password must have at least 8 characters',
    es: 'La contraseña debe tener al menos 8 caracteres',
  },
  invalidInput: { en: 'The data sent is not valid', es: 'Los datos enviados no son válidos' },
  invalidCharacters: {
    en: 'The text contains characters that are not allowed',
    es: 'El texto contiene caracteres no permitidos',
  },
  tooLong128: { en: 'At most 128 characters', es: 'Máximo 128 caracteres' },
  passwordTooCommon: {
    en: 'This password is one of the most common ones, which are guessed first. Choose another.',
    es: 'Esta contraseña es de las más comunes, que se adivinan primero. Elija otra.',
  },
  passwordIsEmail: {
    en: 'The password cannot be your e-mail address',
    es: 'La contraseña no puede ser su correo electrónico',
  },
  checkFields: {
    en: 'Please correct the fields shown below',
    es: 'Por favor corrija los campos indicados abajo',
  },
  unknownCountry: { en: 'Choose a country from the list', es: 'Elija un país de la lista' },

  // Accounts and sessions
  emailTaken: {
    en: 'An account with this e-mail already exists. Sign in instead.',
    es: 'Ya existe una cuenta con este correo. Inicie sesión.',
  },
  invalidCredentials: {
    en: 'The e-mail or the password is not correct',
    es: 'El correo o la contraseña no son correctos',
  },
  tooManyAttempts: {
    en: 'Too many failed sign-in attempts. Try again in {{minutes}} minute(s).',
    es: 'Demasiados intentos fallidos. Inténtelo de nuevo en {{minutes}} minuto(s).',
  },
  sessionExpired: { en: 'Token de sesion expiró', es: 'Token de sesion expiró' },
  notSignedIn: { en: 'You need to sign in', es: 'Necesita iniciar sesión' },
  forbidden: {
    en: 'You are not allowed to do this',
    es: 'No tiene permiso para realizar esta acción',
  },
  notFound: { en: 'Not found', es: 'No encontrado' },
  tourNotFound: { en: 'This tour does not exist', es: 'Este tour no existe' },
  bookingNotFound: { en: 'This reservation does not exist', es: 'Esta reserva no existe' },
  unknownError: { en: 'Unknown error!', es: '¡Error desconocido!' },
  serverError: {
    en: 'Something went wrong on our side. Please try again.',
    es: 'Algo salió mal de nuestro lado. Inténtelo de nuevo.',
  },
  serviceUnavailable: {
    en: 'The service is briefly unavailable: nothing was saved. Please try again in a moment.',
    es: 'El servicio no está disponible por un momento: no se guardó nada. Inténtelo de nuevo en un momento.',
  },
  tooManyRequests: {
    en: 'Too many requests. Please wait a moment.',
    es: 'Demasiadas solicitudes. Espere un momento.',
  },

  // Booking page (spec §5, §8)
  invalidTourCode: {
    en: 'There is an error in the tour code',
    es: 'Hay un error en el código del tour',
  },
  invalidLanguage: {
    en: 'Hubo un error escogiendo el lenguaje',
    es: 'Hubo un error escogiendo el lenguaje',
  },
  selectTypeAndCategory: {
    en: 'Please select the Type and Category fields to search fill passengers.',
    es: 'Por favor seleccione los campos Tipo y Categoría para registrar pasajeros.',
  },
  atLeastOneAdult: {
    en: 'At least one adult must be selected.',
    es: 'Debe seleccionar al menos un adulto.',
  },
  hotelMandatory: {
    en: 'Selecting a Hotel in this Tour is mandatory.',
    es: 'Seleccionar un Hotel en este Tour es obligatorio.',
  },
  acceptTerms: {
    en: 'Accepting the Terms and Conditions is necessary to enter the tour.',
    es: 'Aceptar los Términos y Condiciones es necesario para ingresar al tour.',
  },
  hotelAllData: {
    en: 'Every option is already chosen',
    es: 'Todas las opciones ya están elegidas',
  },
  hotelNotConfigured: {
    en: 'The room {{room}} is not configured for the hotel {{hotel}}.',
    es: 'La habitación {{room}} no está configurada para el hotel {{hotel}}.',
  },
  noPrices: {
    en: 'No prices were found for the type of person {{customerType}} related to category {{category}} and the type {{type}}',
    es: 'No se encontraron precios para el tipo de persona {{customerType}} relacionado con la categoría {{category}} y el tipo {{type}}',
  },
  travelDateInPast: {
    en: 'The travel date cannot be before today',
    es: 'La fecha de viaje no puede ser anterior a hoy',
  },
  pricesChanged: {
    en: 'The prices have changed. Please review the new amounts.',
    es: 'Los precios han cambiado. Revise los nuevos montos.',
  },
  groupTooLarge: {
    en: 'A reservation of this tour can have at most {{max}} passengers.',
    es: 'Una reserva de este tour puede tener como máximo {{max}} pasajeros.',
  },
  serviceOverPassengers: {
    en: 'This service is sold per passenger: at most {{max}} for this reservation.',
    es: 'Este servicio se vende por pasajero: como máximo {{max}} para esta reserva.',
  },
  roomsOverPassengers: {
    en: 'At most {{max}} hotel rooms: one per passenger.',
    es: 'Como máximo {{max}} habitaciones de hotel: una por pasajero.',
  },
  serviceListedTwice: {
    en: 'Each service can be chosen once; change its quantity instead.',
    es: 'Cada servicio se elige una vez; cambie su cantidad.',
  },
  idempotencyKeyReused: {
    en: 'This request key was already used for a different booking',
    es: 'Esta clave de solicitud ya se usó para otra reserva',
  },

  // Portal (spec §5)
  completeAllFields: {
    en: 'Please Complete All Fields',
    es: 'Por favor complete todos los campos',
  },
  confirmAllFields: { en: 'Please Confirm All Fields', es: 'Por favor confirme todos los campos' },
  adultTooYoung: {
    en: 'This birth date does not match an adult passenger: adults must be at least 17 years old on the travel date.',
    es: 'Esta fecha de nacimiento no corresponde a un pasajero adulto: los adultos deben tener al menos 17 años en la fecha del viaje.',
  },
  studentAgeRange: {
    en: 'This birth date does not match a student passenger: students must be 8 to 25 years old on the travel date (18 to 25 with a student card).',
    es: 'Esta fecha de nacimiento no corresponde a un pasajero estudiante: los estudiantes deben tener de 8 a 25 años en la fecha del viaje (de 18 a 25 con carné).',
  },
  childAgeRange: {
    en: 'This birth date does not match a child passenger: children must be 3 to 7 years old on the travel date.',
    es: 'Esta fecha de nacimiento no corresponde a un pasajero niño: los niños deben tener de 3 a 7 años en la fecha del viaje.',
  },
  babyAgeRange: {
    en: 'This birth date does not match a baby passenger: babies must be 0 to 2 years old on the travel date.',
    es: 'Esta fecha de nacimiento no corresponde a un pasajero bebé: los bebés deben tener de 0 a 2 años en la fecha del viaje.',
  },
  expiryTooFar: {
    en: 'The date cannot be more than 30 years ahead',
    es: 'La fecha no puede superar los 30 años a futuro',
  },
  slotTaken: {
    en: 'This passenger is already registered; edit it instead',
    es: 'Este pasajero ya está registrado; edítelo',
  },
  fileTooLarge: { en: 'The file is larger than 1 MB', es: 'El archivo pesa más de 1 MB' },
  fileType: { en: 'Only JPG or PNG images are accepted', es: 'Solo se aceptan imágenes JPG o PNG' },
  fileMissing: { en: 'Choose a file to upload', es: 'Elija un archivo para subir' },
  noChanges: { en: 'No Changes Are Registered', es: 'No se registraron cambios' },
  paymentNotAllowed: {
    en: 'Corporate reservations are paid on credit: there is nothing to pay here',
    es: 'Las reservas corporativas son a crédito: no hay nada que pagar aquí',
  },
  nothingToPay: {
    en: 'This reservation has nothing left to pay',
    es: 'Esta reserva no tiene saldo pendiente',
  },
  notificationRejected: {
    en: 'The notification could not be verified',
    es: 'No se pudo verificar la notificación',
  },
  notificationStale: {
    en: 'The notification is too old',
    es: 'La notificación es demasiado antigua',
  },
  notificationMismatch: {
    en: 'The notification does not match the payment',
    es: 'La notificación no coincide con el pago',
  },
  paymentNotFound: { en: 'This payment does not exist', es: 'Este pago no existe' },
  paymentInProgress: {
    en: 'A payment is in progress for this reservation. Wait until it is confirmed, or try again in a few minutes.',
    es: 'Hay un pago en curso para esta reserva. Espere a que se confirme, o inténtelo de nuevo en unos minutos.',
  },
  passwordsDiffer: {
    en: 'The new password and its repetition are different',
    es: 'La nueva contraseña y su repetición son distintas',
  },
  wrongCurrentPassword: {
    en: 'The current password is not correct',
    es: 'La contraseña actual no es correcta',
  },
  incidentNotFound: { en: 'This request does not exist', es: 'Esta solicitud no existe' },
  incidentAnswered: {
    en: 'The agency has already answered this request: it can no longer be changed or deleted',
    es: 'La agencia ya respondió esta solicitud: ya no puede modificarse ni eliminarse',
  },
  incidentFinished: {
    en: 'This request is finished: its status cannot change any more',
    es: 'Esta solicitud terminó: su estado ya no puede cambiar',
  },
  statusNotAllowed: {
    en: 'This change of status is not allowed',
    es: 'Este cambio de estado no está permitido',
  },
  corporateOnly: {
    en: 'This page is for corporate clients only',
    es: 'Esta página es solo para clientes corporativos',
  },
  // The ledger's own lines, as the booking detail names them
  ledgerTour: { en: 'Tour booking', es: 'Reserva del tour' },
  ledgerServices: { en: 'Additional services', es: 'Servicios adicionales' },
  ledgerPayment: { en: 'Card payment', es: 'Pago con tarjeta' },
  invalidPaymentAmount: {
    en: 'The amount to pay is not valid',
    es: 'El monto a pagar no es válido',
  },
  // The back office (issue 13)
  ledgerOfflinePayment: { en: 'Payment at the agency', es: 'Pago en la agencia' },
  ledgerRefund: { en: 'Refund', es: 'Reembolso' },
  methodCash: { en: 'Cash', es: 'Efectivo' },
  methodTransfer: { en: 'Bank transfer', es: 'Transferencia bancaria' },
  methodCardTerminal: { en: 'Card terminal', es: 'Terminal de tarjetas' },
  ledgerRemovalCredit: {
    en: 'Credit for a removal ({{percent}}% of {{amount}})',
    es: 'Abono por un retiro ({{percent}}% de {{amount}})',
  },
  staffAdminOnly: {
    en: 'Only an administrator of the agency can do this',
    es: 'Solo un administrador de la agencia puede hacer esto',
  },
  paymentOverDebt: {
    en: 'The payment is more than the balance due ({{debt}})',
    es: 'El pago supera el saldo pendiente ({{debt}})',
  },
  discountOverDebt: {
    en: 'The discount is more than the balance due ({{debt}})',
    es: 'El descuento supera el saldo pendiente ({{debt}})',
  },
  refundOverPaid: {
    en: 'At most {{refundable}} of this payment can be refunded',
    es: 'De este pago se puede reembolsar como máximo {{refundable}}',
  },
  refundNotPaid: {
    en: 'Only a payment the gateway took can be refunded',
    es: 'Solo se puede reembolsar un pago que la pasarela cobró',
  },
  refundNotSupported: {
    en: 'Refunds cannot be made through Pay-me from here: refund it in the Pay-me console',
    es: 'Los reembolsos no se pueden hacer mediante Pay-me desde aquí: hágalo en la consola de Pay-me',
  },
  // The manifest's exports (CSV and PDF)
  manifestTitle: { en: 'Passenger manifest', es: 'Manifiesto de pasajeros' },
  manifestCompleteness: {
    en: '{{complete}} of {{total}} passengers complete',
    es: '{{complete}} de {{total}} pasajeros completos',
  },
  manifestBooking: { en: 'Booking', es: 'Reserva' },
  manifestPosition: { en: 'Passenger', es: 'Pasajero' },
  manifestFirstName: { en: 'First name', es: 'Nombres' },
  manifestLastName: { en: 'Last name', es: 'Apellidos' },
  manifestDocumentType: { en: 'Document type', es: 'Tipo de documento' },
  manifestDocumentNumber: { en: 'Document number', es: 'Número de documento' },
  manifestNationality: { en: 'Nationality', es: 'Nacionalidad' },
  manifestBirthDate: { en: 'Birth date', es: 'Fecha de nacimiento' },
  manifestType: { en: 'Type', es: 'Tipo' },
  manifestComplete: { en: 'Complete (%)', es: 'Completo (%)' },
  manifestScan: { en: 'Scan on file', es: 'Escaneo registrado' },
  manifestCustomer: { en: 'Booked by', es: 'Reservado por' },
  manifestCheck: { en: 'Checked', es: 'Control' },
  yes: { en: 'Yes', es: 'Sí' },
  no: { en: 'No', es: 'No' },
  // Availability (issue 14)
  departureNotRunning: {
    en: 'This tour does not run on that date: {{reason}}',
    es: 'Este tour no sale en esa fecha: {{reason}}',
  },
  soldOut: {
    en: 'That date is sold out: choose another date',
    es: 'Esa fecha está agotada: elija otra fecha',
  },
  notEnoughSeats: {
    en: 'Only {{seats}} seats are left on that date',
    es: 'Solo quedan {{seats}} lugares en esa fecha',
  },
  staffEmailTaken: {
    en: 'There is already a user with this e-mail',
    es: 'Ya existe un usuario con este correo',
  },
  removalTargetGone: {
    en: 'The passenger or service this request is about is no longer on the booking',
    es: 'El pasajero o servicio de esta solicitud ya no está en la reserva',
  },
  // E-mail and travel documents (issue 15)
  resetLinkInvalid: {
    en: 'This link is not valid any more: it was used, or it is more than 30 minutes old. Ask for a new one.',
    es: 'Este enlace ya no es válido: se usó o tiene más de 30 minutos. Pida uno nuevo.',
  },
  voucherUnpaid: {
    en: 'The voucher is ready once the reservation is paid',
    es: 'El voucher está listo cuando la reserva está pagada',
  },
  mailNotKept: {
    en: 'This message was sent by SMTP: only its record is kept here',
    es: 'Este mensaje se envió por SMTP: aquí solo se guarda su registro',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}

/** Text of a message in a language, with its {{placeholders}} filled. */
export function translate(
  key: MessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return messages[key][language].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The catalogue of one language, as i18next resources want it. */
export function messageCatalog(language: Language): Record<MessageKey, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [key, text[language]]),
  ) as Record<MessageKey, string>;
}
