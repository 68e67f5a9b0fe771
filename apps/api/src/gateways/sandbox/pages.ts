/**
 * The sandbox's hosted pages: plain HTML, as a card gateway serves them, without our web app.
 * Every dynamic value is escaped.
 */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const money = (cents: number, currency: string) =>
  `${currency} ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(cents / 100)}`;

/** The checkout's languages: the page follows the language of the page that opened it. */
export type PageLanguage = 'en' | 'es';

/** `?lang=es` of a checkout page's address (the web app adds it); English otherwise. */
export function pageLanguageOf(query: unknown): PageLanguage {
  const lang = (query as { lang?: unknown } | null)?.lang;
  return lang === 'es' ? 'es' : 'en';
}

/** The card form's problems, by key (routes.ts decides which). */
export type FormProblem = 'cardNumber' | 'expiryFormat' | 'expired' | 'cvc';

const copy = {
  en: {
    note: 'Test gateway: no real card is charged.',
    cardPayment: 'Card payment',
    title: 'Pay your reservation',
    reservation: 'Reservation',
    tour: 'Tour',
    currency: 'Currency',
    holder: 'Name on the card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cancel: 'Cancel',
    pay: 'Pay',
    close: 'Close',
    cards:
      'Test cards: 4111 1111 1111 1111 is approved; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 is approved but its notification is never sent.',
    approved: ['Payment approved', 'Your payment was approved. You can close this window.'],
    declined: [
      'Payment declined',
      'Your card was declined. No money was taken. You can try again with another card.',
    ],
    closed: [
      'Checkout closed',
      'This checkout is closed. Start the payment again from your reservation.',
    ],
    unavailable: [
      'Try again shortly',
      'The payment page is briefly unavailable. No money was taken. Close this window and try again in a moment.',
    ],
    problems: {
      cardNumber: 'Enter a valid card number.',
      expiryFormat: 'Enter the expiry as MM/YY.',
      expired: 'This card has expired.',
      cvc: 'Enter the 3 or 4 digits of the CVC.',
    },
  },
  es: {
    note: 'Pasarela de prueba: no se cobra ninguna tarjeta real.',
    cardPayment: 'Pago con tarjeta',
    title: 'Pague su reserva',
    reservation: 'Reserva',
    tour: 'Tour',
    currency: 'Moneda',
    holder: 'Nombre en la tarjeta',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cancel: 'Cancelar',
    pay: 'Pagar',
    close: 'Cerrar',
    cards:
      'Tarjetas de prueba: 4111 1111 1111 1111 se aprueba; 4000 0000 0000 0002 se rechaza; 4000 0000 0000 9995 se aprueba pero su notificación nunca se envía.',
    approved: ['Pago aprobado', 'Su pago fue aprobado. Puede cerrar esta ventana.'],
    declined: [
      'Pago rechazado',
      'Su tarjeta fue rechazada. No se cobró nada. Puede intentarlo de nuevo con otra tarjeta.',
    ],
    closed: ['Pago cerrado', 'Este pago está cerrado. Inicie el pago de nuevo desde su reserva.'],
    unavailable: [
      'Inténtelo en un momento',
      'La página de pago no está disponible por un momento. No se cobró nada. Cierre esta ventana e inténtelo de nuevo en un momento.',
    ],
    problems: {
      cardNumber: 'Ingrese un número de tarjeta válido.',
      expiryFormat: 'Ingrese el vencimiento como MM/AA.',
      expired: 'Esta tarjeta está vencida.',
      cvc: 'Ingrese los 3 o 4 dígitos del CVC.',
    },
  },
} as const;

const styles = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #1f2937; }
  main { max-width: 420px; margin: 0 auto; padding: 20px 16px 32px; }
  .brand { display: flex; align-items: center; gap: 8px; font-weight: 700; color: #1e3a8a; margin-bottom: 12px; }
  .card { background: #fff; border: 1px solid #d1d5db; border-radius: 12px; padding: 20px; }
  h1 { font-size: 1.15rem; margin: 0 0 4px; }
  .amount { font-size: 1.8rem; font-weight: 800; margin: 4px 0 2px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0 16px; font-size: .9rem; }
  dt { color: #4b5563; } dd { margin: 0; text-align: right; font-weight: 600; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 10px 12px; border: 1px solid #6b7280; border-radius: 8px; }
  input:focus { outline: 3px solid #93c5fd; border-color: #1d4ed8; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; font-size: 1rem; font-weight: 700; padding: 12px; border-radius: 8px; cursor: pointer; }
  .pay { background: #1d4ed8; color: #fff; border: 0; }
  .cancel { background: #fff; color: #1f2937; border: 1px solid #6b7280; }
  .error { background: #fee2e2; color: #991b1b; border-radius: 8px; padding: 10px 12px; margin-bottom: 8px; }
  .ok { background: #dcfce7; color: #14532d; border-radius: 8px; padding: 12px; }
  .hint { font-size: .8rem; color: #4b5563; margin-top: 16px; }
  .note { font-size: .8rem; color: #4b5563; text-align: center; margin-top: 12px; }
`;

function layout(
  language: PageLanguage,
  title: string,
  body: string,
  message?: { status: 'S' | 'N'; transactionId: string; reason: string },
) {
  const data = message
    ? ` data-checkout-status="${message.status}" data-transaction-id="${escapeHtml(message.transactionId)}" data-reason="${message.reason}"`
    : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox Pay</title>
<style>${styles}</style>
</head>
<body${data}>
<main>
<div class="brand" aria-hidden="true"><svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg> Sandbox Pay</div>
${body}
<p class="note">${copy[language].note}</p>
</main>
<script src="/sandbox/assets/checkout.js" defer></script>
</body>
</html>`;
}

export interface ChargeView {
  transactionId: string;
  amountCents: number;
  currency: string;
  bookingCode: string;
  description: string;
}

export function checkoutPage(
  charge: ChargeView,
  language: PageLanguage,
  problem?: FormProblem,
  values: { holder?: string; expiry?: string } = {},
) {
  const c = copy[language];
  return layout(
    language,
    c.cardPayment,
    `<section class="card" aria-labelledby="title">
<h1 id="title">${c.title}</h1>
<p class="amount">${money(charge.amountCents, charge.currency)}</p>
<dl>
<dt>${c.reservation}</dt><dd>${escapeHtml(charge.bookingCode)}</dd>
<dt>${c.tour}</dt><dd>${escapeHtml(charge.description)}</dd>
<dt>${c.currency}</dt><dd>${escapeHtml(charge.currency)}</dd>
</dl>
${problem ? `<p class="error" role="alert">${c.problems[problem]}</p>` : ''}
<form method="post" action="/sandbox/checkout/${escapeHtml(charge.transactionId)}/pay?lang=${language}" novalidate>
<label for="holder">${c.holder}</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="60" value="${escapeHtml(values.holder ?? '')}">
<label for="cardNumber">${c.cardNumber}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="23" required aria-describedby="cards">
<div class="row">
<div><label for="expiry">${c.expiry}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="${language === 'es' ? 'MM/AA' : 'MM/YY'}" required value="${escapeHtml(values.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div>
</div>
<div class="actions">
<button type="button" class="cancel" data-cancel>${c.cancel}</button>
<button type="submit" class="pay">${c.pay} ${money(charge.amountCents, charge.currency)}</button>
</div>
</form>
<p class="hint" id="cards">${c.cards}</p>
</section>`,
    { status: 'N', transactionId: charge.transactionId, reason: 'pending' },
  );
}

export function resultPage(
  transactionId: string,
  outcome: 'approved' | 'declined' | 'closed',
  language: PageLanguage,
) {
  const c = copy[language];
  const [title, text] = c[outcome];
  const body =
    outcome === 'approved'
      ? `<p class="ok" role="status">${text}</p>`
      : `<p class="error" role="alert">${text}</p>`;
  return layout(
    language,
    title,
    `<section class="card" aria-labelledby="title"><h1 id="title">${title}</h1>${body}
<div class="actions"><button type="button" class="cancel" data-close>${c.close}</button></div></section>`,
    { status: outcome === 'approved' ? 'S' : 'N', transactionId, reason: outcome },
  );
}

/** The page of a gateway that cannot answer right now (its database is away). */
export function unavailablePage(language: PageLanguage) {
  const c = copy[language];
  const [title, text] = c.unavailable;
  return layout(
    language,
    title,
    `<section class="card" aria-labelledby="title"><h1 id="title">${title}</h1>
<p class="error" role="alert">${text}</p>
<div class="actions"><button type="button" class="cancel" data-close>${c.close}</button></div></section>`,
  );
}

/**
 * The page's script: tells the page that opened the checkout the outcome (spec §4: 'S' for a
 * confirmed payment, 'N' when it was closed or declined), and formats the card number.
 */
export const checkoutScript = `(() => {
  const body = document.body;
  const status = body.dataset.checkoutStatus;
  const transactionId = body.dataset.transactionId;
  const reason = body.dataset.reason;
  const target = window.parent !== window ? window.parent : window.opener;
  const tell = (message) => { if (target) target.postMessage({ type: 'cusco-checkout', transactionId, ...message }, window.location.origin); };
  if (reason === 'approved' || reason === 'declined' || reason === 'closed') tell({ status, reason });
  document.querySelectorAll('[data-cancel], [data-close]').forEach((button) => {
    button.addEventListener('click', () => {
      tell({ status: reason === 'approved' ? 'S' : 'N', reason: reason === 'pending' ? 'cancelled' : reason });
      if (!window.parent || window.parent === window) window.close();
    });
  });
  const card = document.getElementById('cardNumber');
  if (card) card.addEventListener('input', () => {
    const digits = card.value.replace(/\\D/g, '').slice(0, 19);
    card.value = digits.replace(/(.{4})/g, '$1 ').trim();
  });
  const expiry = document.getElementById('expiry');
  if (expiry) expiry.addEventListener('input', () => {
    const digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    expiry.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
  });
})();
`;
