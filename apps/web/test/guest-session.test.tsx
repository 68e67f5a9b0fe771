// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireSession } from '../src/app/shell/require-session.tsx';
import { GuestForm } from '../src/components/account/guest-form.tsx';
import { LanguageOffer } from '../src/components/language-offer.tsx';
import { loginPath, paths } from '../src/config/paths.ts';
import { LoginPage } from '../src/features/auth/routes/login-page.tsx';
import { i18n, LANGUAGE_KEY } from '../src/lib/i18n.ts';
import { languageToOffer } from '../src/lib/language-offer.ts';
import { clearSession, getSessionUser } from '../src/lib/session.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * Issue 28 on the customer's side: the language offer, the spec's "Token de sesion expiró" after a
 * session ended, the address a signed-out customer asked for kept through the sign-in, and the
 * guest form with sign-up's answer to a taken e-mail.
 */
const user = {
  id: '7a8d9c1e-2b3f-4a5b-8c6d-0e1f2a3b4c5d',
  name: 'Rosa',
  lastName: 'Huamán',
  email: 'rosa@example.com',
  corporateClientId: null,
  corporateClientName: null,
  telephone: '+51 984 222 333',
  role: 'client',
};
const session = { result: 1, token: 'session-token', expiresAt: '2030-01-01T00:00:00.000Z', user };

afterEach(() => {
  resetApp();
  localStorage.clear();
  clearSession();
  vi.restoreAllMocks();
});

function preferLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

describe('the language offer', () => {
  beforeEach(() => speak('es'));

  it('is made only when nothing is stored and the browser prefers our other language', () => {
    expect(languageToOffer('es', ['en-GB', 'es'], null)).toBe('en');
    expect(languageToOffer('es', ['fr-FR', 'en-US'], null)).toBe('en');
    expect(languageToOffer('es', ['es-PE', 'en'], null)).toBeNull();
    expect(languageToOffer('es', ['de', 'fr'], null)).toBeNull();
    expect(languageToOffer('es', ['en-US'], 'es')).toBeNull();
    expect(languageToOffer('en', ['es-419'], null)).toBe('es');
  });

  it('offers English in English, switches to it and stores it', async () => {
    preferLanguages(['en-US', 'en']);
    const app = renderInApp(<LanguageOffer />);
    const offer = await screen.findByRole('complementary', { name: 'Language' });
    expect(offer.getAttribute('lang')).toBe('en');
    expect(offer.textContent).toContain('This page is also in English');
    await app.user.click(screen.getByRole('button', { name: 'Switch to English' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('stores the language shown when dismissed, and does not come back', async () => {
    preferLanguages(['en-US']);
    const app = renderInApp(<LanguageOffer />);
    await app.user.click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('es');
    expect(i18n.language).toBe('es');
    expect(screen.queryByRole('complementary')).toBeNull();
    app.unmount();
    renderInApp(<LanguageOffer />);
    // Nothing to wait for: a stored setting makes no offer, at once.
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('is not made to a browser that prefers Spanish, nor once a language is stored', async () => {
    preferLanguages(['es-PE', 'en']);
    const first = renderInApp(<LanguageOffer />);
    expect(screen.queryByRole('complementary')).toBeNull();
    first.unmount();
    preferLanguages(['en']);
    localStorage.setItem(LANGUAGE_KEY, 'es');
    renderInApp(<LanguageOffer />);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

/** The login screen and a portal screen behind the session guard, at `start`. */
function portal(start: string) {
  const router = createMemoryRouter(
    [
      { path: paths.login.pattern, element: <LoginPage /> },
      { path: paths.loginMode.pattern, element: <LoginPage /> },
      {
        path: paths.bookingDetail.pattern,
        element: (
          <RequireSession>
            <h1>Booking detail</h1>
          </RequireSession>
        ),
      },
      {
        path: paths.reservations.pattern,
        element: (
          <RequireSession>
            <h1>Reservations</h1>
          </RequireSession>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  return { router, app: renderInApp(<RouterProvider router={router} />) };
}

describe('after a session ended', () => {
  it.each([
    ['es', 'Vuelva a iniciar sesión.'],
    ['en', 'Please sign in again.'],
  ] as const)('says the spec\'s "Token de sesion expiró" in %s', async (language, then) => {
    await speak(language);
    fakeApi({ 'GET common/countries': { body: [] } });
    portal(loginPath({ expired: true, next: '/main/booking' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Token de sesion expiró');
    expect(status.textContent).toContain(then);
    expect(status.textContent).not.toMatch(/Your session has expired|Su sesión expiró/);
  });
});

describe("a booking's link opened while signed out", () => {
  beforeEach(() => speak('en'));

  it('goes to login keeping the address, and to the booking after signing in', async () => {
    const api = fakeApi({
      'GET common/countries': { body: [] },
      'POST authentication/login': { body: session },
    });
    const { router, app } = portal(paths.bookingDetail.href('B-2027-0001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/main/booking/detail/B-2027-0001')}`,
    );
    // No "expired" message: the customer simply was not signed in.
    expect(screen.queryByText('Token de sesion expiró')).toBeNull();

    const form = screen.getByRole('form', { name: 'Sign in' });
    await app.user.type(within(form).getByLabelText(/^User \(e-mail\)/), user.email);
    await app.user.type(within(form).getByLabelText(/^Password/), 'Machu-Picchu-1911');
    await app.user.click(form.querySelector('button[type="submit"]') as HTMLElement);
    await screen.findByRole('heading', { name: 'Booking detail' });
    expect(router.state.location.pathname).toBe('/main/booking/detail/B-2027-0001');
    expect(api.callsTo('POST authentication/login')).toHaveLength(1);
  });

  it('keeps the address when the customer switches to the sign-up form and back', async () => {
    fakeApi({ 'GET common/countries': { body: [] } });
    const { router, app } = portal(paths.bookingDetail.href('B-2027-0002'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [showSignUp] = screen.getAllByRole('button', { name: 'Create an account' });
    await app.user.click(showSignUp as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/signUp'));
    expect(router.state.location.search).toContain('next=');
  });

  it('starts afresh after signing off on purpose', async () => {
    fakeApi({ 'GET common/countries': { body: [] } });
    clearSession('signedOff');
    const { router } = portal(paths.bookingDetail.href('B-2027-0003'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
  });

  it('refuses to return anywhere outside the portal', () => {
    expect(loginPath({ next: 'https://evil.example/' })).toBe('/login');
    expect(loginPath({ next: '//evil.example/main/' })).toBe('/login');
    expect(loginPath({ next: '/main/booking/detail/X', expired: true })).toBe(
      `/login?expired=1&next=${encodeURIComponent('/main/booking/detail/X')}`,
    );
  });
});

describe('continue as a guest', () => {
  beforeEach(() => speak('es'));

  async function fill(app: ReturnType<typeof renderInApp>, email: string) {
    await app.user.type(screen.getByLabelText(/^Nombre/), 'Rosa');
    await app.user.type(screen.getByLabelText(/^Apellido/), 'Huamán');
    await app.user.type(screen.getByLabelText(/^Teléfono/), '+51 984 222 333');
    await app.user.click(screen.getByRole('combobox', { name: /^País/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Perú' }));
    await app.user.type(screen.getByLabelText(/^Correo electrónico/), email);
  }

  it('asks only name, last name, phone, country and e-mail, and signs the guest in', async () => {
    const api = fakeApi({
      'GET common/countries': { body: [{ value: 'PE', label: 'Perú' }] },
      'POST authentication/guest': {
        status: 201,
        body: { ...session, user: { ...user, hasPassword: false } },
      },
    });
    const onSuccess = vi.fn();
    const app = renderInApp(<GuestForm onSuccess={onSuccess} onSignIn={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Continuar como invitado' });
    expect(form.querySelectorAll('input:not([type="hidden"])').length).toBe(5);
    expect(screen.queryByLabelText(/Contraseña/)).toBeNull();
    await fill(app, 'Rosa@Example.com');
    await app.user.click(screen.getByRole('button', { name: 'Continuar como invitado' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(api.callsTo('POST authentication/guest')[0]?.body).toEqual({
      name: 'Rosa',
      lastname: 'Huamán',
      // As typed: the server's schema trims and lowers it.
      email: 'Rosa@Example.com',
      mobile: '+51 984 222 333',
      countryId: 'PE',
    });
    expect(getSessionUser()?.hasPassword).toBe(false);
  });

  it('answers a taken e-mail as sign-up does, and offers to sign in or get a link', async () => {
    fakeApi({
      'GET common/countries': { body: [{ value: 'PE', label: 'Perú' }] },
      'POST authentication/guest': apiError(409, 'Ya existe una cuenta con este correo', {
        field: 'email',
      }),
    });
    const onSignIn = vi.fn();
    const app = renderInApp(<GuestForm onSuccess={() => undefined} onSignIn={onSignIn} />);
    await fill(app, 'rosa@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Continuar como invitado' }));
    await screen.findByText('Este correo ya tiene una cuenta');
    expect(screen.getByRole('button', { name: 'Enviarme un enlace' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Ingresar con mi cuenta' }));
    expect(onSignIn).toHaveBeenCalledWith('rosa@example.com');
  });
});
