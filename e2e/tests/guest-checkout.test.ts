import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../apps/api/test/support/smtp.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';
import { countingHands, type Effort, type Hands } from '../support/counting.ts';
import { ownProductDatabase, type RunningProduct, startProduct } from '../support/product.ts';

/**
 * Guest checkout end to end (issue 28), as customers live it: from the catalogue to paid without
 * a password, then back to the booking, signed out, by the confirmation e-mail's sign-in link;
 * the old path (sign up) and a signed-out customer returning to a booking by its link; and the
 * clicks and fields each path takes, counted by the hands that do them (support/counting.ts).
 *
 * The product here sends its mail by SMTP to a server in the test, as in production: the back
 * office's mailbox never keeps a sign-in link (whoever reads it could open the account), so the
 * link is read where the customer reads it, as password-reset.test.ts reads its link.
 */
let smtp: TestSmtpServer;
let product: RunningProduct;
useBrowser();

const words = {
  en: {
    lang: '0',
    book: 'Reserve Classic Inca Trail 4D/3N',
    heading: 'Classic Inca Trail 4D/3N',
    adult: 'Adult',
    // Step 1's button (issue 28 renames "Reserve" to what it does).
    next: /^(Reserve|Continue)$/,
    guest: 'Continue as a guest',
    newHere: "I'm new here",
    guestForm: 'Continue as a guest',
    signUpForm: 'Create your account',
    first: 'First name',
    last: 'Last name',
    phone: 'Phone',
    email: 'E-mail',
    country: 'Country',
    birthDate: 'Birth date',
    password: /^Password/,
    signUp: 'Sign up',
    terms: /I accept the Terms and Conditions/,
    reserveAndPay: /^Reserve and pay /,
    frame: 'Card payment page',
    card: { number: 'Card number', expiry: 'Expiry (MM/YY)', pay: /^Pay / },
    received: 'Payment received',
    detail: (code: string) => `Reservation ${code}`,
    linkFailed: 'This link does not work any more',
    signInForm: 'Sign in',
    user: 'User (e-mail)',
    signIn: 'Sign in',
  },
  es: {
    lang: '1',
    book: 'Reservar Camino Inka Clásico 4D/3N',
    heading: 'Camino Inka Clásico 4D/3N',
    adult: 'Adulto',
    next: /^(Reservar|Continuar)$/,
    guest: 'Continuar como invitado',
    newHere: 'Soy nuevo',
    guestForm: 'Continuar como invitado',
    signUpForm: 'Cree su cuenta',
    first: 'Nombres',
    last: 'Apellidos',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    country: 'País',
    birthDate: 'Fecha de nacimiento',
    password: /^Contraseña/,
    signUp: 'Registrarse',
    terms: /Acepto los Términos y Condiciones/,
    reserveAndPay: /^Reservar y pagar /,
    frame: 'Página de pago con tarjeta',
    card: { number: 'Número de tarjeta', expiry: 'Vencimiento (MM/AA)', pay: /^Pagar / },
    received: 'Pago recibido',
    detail: (code: string) => `Reserva ${code}`,
    linkFailed: 'Este enlace ya no funciona',
    signInForm: 'Iniciar sesión',
    user: 'Usuario (correo)',
    signIn: 'Ingresar',
  },
} as const;
type Language = keyof typeof words;

/** The effort each measured path took, printed and compared at the end. */
const measured: Record<string, Effort> = {};

describeInBrowser('guest checkout (issue 28)', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    product = await startProduct(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Cusco Treks <bookings@example.com>',
        MAIL_INTERVAL_SECONDS: '1',
        PAYMENT_GATEWAY: 'sandbox',
        RATE_LIMIT_SCALE: '5',
      },
      ownProductDatabase,
    );
  });
  afterAll(async () => {
    await product?.stop();
    await smtp?.stop();
  });

  /** From the catalogue to step 2 of the Classic Inca Trail for one adult. */
  async function toStepTwo(page: Page, hands: Hands, language: Language) {
    const w = words[language];
    await visit(page, '/tours');
    await expect.poll(() => page.getByRole('link', { name: w.book }).isVisible()).toBe(true);
    await expectAccessible(page);
    await hands.click(page.getByRole('link', { name: w.book }));
    await expect
      .poll(() => page.getByRole('heading', { name: w.heading, level: 1 }).isVisible())
      .toBe(true);
    await hands.fill(
      page
        .getByRole('group', { name: /Passengers|Pasajeros/ })
        .getByLabel(w.adult, { exact: true }),
      '1',
    );
    await expectAccessible(page);
    await hands.click(page.getByRole('button', { name: w.next }));
  }

  /** Chooses a country in an account form: typed, then its option picked. */
  async function chooseCountry(
    page: Page,
    hands: Hands,
    form: ReturnType<Page['getByRole']>,
    language: Language,
  ) {
    await hands.fill(form.getByLabel(words[language].country), 'Chile');
    await hands.click(page.getByRole('option', { name: 'Chile', exact: true }));
  }

  /** Step 3 to paid: the terms, Reserve and pay, the sandbox's card; answers the booking code. */
  async function payOnStepThree(page: Page, hands: Hands, language: Language, shots: string) {
    const w = words[language];
    const terms = page.getByRole('checkbox', { name: w.terms });
    await expect.poll(() => terms.isVisible()).toBe(true);
    await hands.check(terms);
    await expectAccessible(page);
    await screenshot(page, `${shots}-step3`);
    await hands.click(page.getByRole('button', { name: w.reserveAndPay }));
    const checkout = page.frameLocator(`iframe[title="${w.frame}"]`);
    await expect.poll(() => checkout.getByLabel('CVC').isVisible()).toBe(true);
    await expectAccessible(page);
    await hands.fill(checkout.getByLabel(w.card.number), '4111 1111 1111 1111');
    await hands.fill(checkout.getByLabel(w.card.expiry), '12/30');
    await hands.fill(checkout.getByLabel('CVC'), '123');
    await hands.click(checkout.getByRole('button', { name: w.card.pay }));
    // Paid: the booking's detail confirms the payment.
    const confirmation = page.getByTestId('payment-confirmation');
    await expect.poll(() => confirmation.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await confirmation.textContent()).toContain(w.received);
    const code = /#\/main\/booking\/detail\/([A-Z0-9-]+)/.exec(page.url())?.[1] ?? '';
    expect(code).toMatch(/^CT-/);
    await expectAccessible(page);
    await screenshot(page, `${shots}-paid`);
    return code;
  }

  /** A guest books and pays from the catalogue, without a password; answers e-mail and code. */
  async function guestBooksAndPays(viewport: ViewportName, language: Language) {
    const w = words[language];
    const page = await openPage(viewport, language, product.baseUrl);
    const hands = countingHands();
    await toStepTwo(page, hands, language);
    await hands.click(page.getByText(w.guest, { exact: true }));
    const form = page.getByRole('form', { name: w.guestForm });
    await expect.poll(() => form.isVisible()).toBe(true);
    // A password is neither asked nor offered.
    expect(await form.getByLabel(w.password).count()).toBe(0);
    const email = `guest.${Date.now()}.${viewport}@example.com`;
    await hands.fill(form.getByLabel(w.first), 'Killa');
    await hands.fill(form.getByLabel(w.last), 'Mamani');
    await hands.fill(form.getByLabel(w.phone), '+51 984 555 010');
    await chooseCountry(page, hands, form, language);
    await hands.fill(form.getByLabel(w.email), email);
    await expectAccessible(page);
    await screenshot(page, `guest-step2-${viewport}-${language}`);
    await hands.click(form.getByRole('button', { name: w.guest }));
    const code = await payOnStepThree(page, hands, language, `guest-${viewport}-${language}`);
    measured[`guest, ${viewport}, ${language}`] = { ...hands.effort };
    return { page, email, code };
  }

  /** The sign-in link of the booking's confirmation, as the guest received it. */
  async function signInLinkOf(email: string, code: string) {
    const mail = () =>
      smtp
        .to(email)
        .map((message) => message.mail)
        .find((message) => message.subject?.includes(code));
    await expect.poll(() => mail()?.text ?? '', { timeout: 20_000, interval: 250 }).toContain(code);
    const link = /https?:\/\/[^\s"<>]+#\/signin\/[A-Za-z0-9_-]{43}\?next=[^\s"<>]+/.exec(
      mail()?.text ?? '',
    )?.[0];
    expect(link?.startsWith(`${product.baseUrl}/#/signin/`)).toBe(true);
    return link ?? '';
  }

  /** Signed out (a new browser), the e-mail's sign-in link lands on the booking, once. */
  async function returnsByLink(
    viewport: ViewportName,
    language: Language,
    email: string,
    code: string,
  ) {
    const w = words[language];
    const link = await signInLinkOf(email, code);
    const page = await openPage(viewport, language, product.baseUrl);
    await page.goto(link);
    await expect.poll(() => page.url()).toContain(`#/main/booking/detail/${code}`);
    await expect.poll(() => page.title()).toContain(w.detail(code));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshot(page, `guest-returned-${viewport}-${language}`);

    // The link works once: opened again, signed out, it says so and offers a way in.
    const again = await openPage(viewport, language, product.baseUrl);
    await again.goto(link);
    await expect
      .poll(() => again.getByRole('heading', { name: w.linkFailed }).isVisible())
      .toBe(true);
    await expectAccessible(again);
  }

  it('on a phone in Spanish, a guest books and pays without a password and returns by the link', async () => {
    const { email, code } = await guestBooksAndPays('phone', 'es');
    await returnsByLink('phone', 'es', email, code);
  });

  it('on a desktop in English, a guest books and pays and returns by the link', async () => {
    const { email, code } = await guestBooksAndPays('desktop', 'en');
    await returnsByLink('desktop', 'en', email, code);
  });

  it('on a desktop in English, a new customer signs up and pays (the old path), and a link to the booking opened signed out returns there after sign-in', async () => {
    const w = words.en;
    const page = await openPage('desktop', 'en', product.baseUrl);
    const hands = countingHands();
    await toStepTwo(page, hands, 'en');
    await hands.click(page.getByText(w.newHere, { exact: true }));
    const form = page.getByRole('form', { name: w.signUpForm });
    await expect.poll(() => form.isVisible()).toBe(true);
    const email = `signup.${Date.now()}@example.com`;
    const password = 'Sacsayhuaman-99';
    await hands.fill(form.getByLabel(w.first), 'Camila');
    await hands.fill(form.getByLabel(w.last), 'Rojas');
    await hands.fill(form.getByLabel(w.phone), '+51 974 000 222');
    await hands.fill(form.getByLabel(w.birthDate), '02/08/1994');
    await hands.press(form.getByLabel(w.birthDate), 'Tab');
    await hands.fill(form.getByLabel(w.email), email);
    await hands.fill(form.getByLabel(w.password), password);
    await chooseCountry(page, hands, form, 'en');
    await hands.click(form.getByRole('button', { name: w.signUp }));
    const code = await payOnStepThree(page, hands, 'en', 'signup-desktop-en');
    measured['sign-up, desktop, en'] = { ...hands.effort };

    // Signed out, the confirmation's link to the booking (a customer with a password gets the
    // plain one) goes to sign-in, and after it to that booking, not to the list.
    await expect
      .poll(() => smtp.to(email).some((message) => message.mail.subject?.includes(code)), {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(true);
    const text = smtp.to(email).find((message) => message.mail.subject?.includes(code))?.mail.text;
    expect(text).not.toContain('#/signin/');
    const link = /https?:\/\/[^\s"<>]+#\/main\/booking\/detail\/[A-Z0-9-]+/.exec(text ?? '')?.[0];
    expect(link).toBe(`${product.baseUrl}/#/main/booking/detail/${code}`);
    const signedOut = await openPage('desktop', 'en', product.baseUrl);
    await signedOut.goto(link ?? '');
    await expect.poll(() => signedOut.url()).toContain('#/login?next=');
    await expectAccessible(signedOut);
    const signIn = signedOut.getByRole('form', { name: w.signInForm });
    await signIn.getByLabel(w.user).fill(email);
    await signIn.getByLabel(w.password).fill(password);
    await signIn.getByRole('button', { name: w.signIn }).click();
    await expect.poll(() => signedOut.url()).toContain(`#/main/booking/detail/${code}`);
    await expect.poll(() => signedOut.title()).toContain(w.detail(code));
    await expect
      .poll(() => signedOut.getByRole('heading', { level: 1 }).count())
      .toBeGreaterThan(0);
    await expectAccessible(signedOut);
  });

  it('takes a guest fewer fields from the catalogue to paid than signing up', () => {
    const guest = measured['guest, desktop, en'];
    const signUp = measured['sign-up, desktop, en'];
    process.stdout.write(
      `Clicks and fields from the catalogue (#/tours) to paid:\n${Object.entries(measured)
        .map(([path, effort]) => `  ${path}: ${effort.clicks} clicks, ${effort.fields} fields`)
        .join('\n')}\n`,
    );
    expect(guest).toBeDefined();
    expect(signUp).toBeDefined();
    expect(guest?.fields ?? Number.POSITIVE_INFINITY).toBeLessThan(signUp?.fields ?? 0);
    expect(guest?.clicks ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(signUp?.clicks ?? 0);
  });
});
