// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CloseAlertsOnRouteChange,
  showAlert,
  showErrorModal,
  showRetryAlert,
} from '../src/lib/error-modal.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';

afterEach(() => resetApp());

/** The router's navigate, as a link or Back would use it. */
const router: { navigate: NavigateFunction } = { navigate: () => undefined };
function Navigator() {
  router.navigate = useNavigate();
  return null;
}

/** Two screens, /a and /b, in a router watched as the app watches its own. */
function openApp(at = '/a') {
  renderInApp(
    <MemoryRouter initialEntries={[at]}>
      <CloseAlertsOnRouteChange />
      <Navigator />
      <Routes>
        <Route path="/a" element={<p>Screen A</p>} />
        <Route path="/b" element={<p>Screen B</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return router;
}

const dialog = () => screen.queryByRole('dialog');

describe.each(['en', 'es'] as const)('error dialogs and route changes, in %s', (language) => {
  beforeEach(() => speak(language));

  it('closes an error dialog when a link goes to another screen', async () => {
    const router = openApp();
    act(() => showErrorModal(new Error('The departure is full')));
    expect(dialog()?.textContent).toContain('The departure is full');
    await act(() => router.navigate('/b'));
    expect(screen.getByText('Screen B')).toBeTruthy();
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('closes a retry alert on Back, and an alert on Forward', async () => {
    const router = openApp();
    await act(() => router.navigate('/b'));
    act(() => showRetryAlert('Error', 'Try again in a moment', () => {}));
    expect(dialog()?.textContent).toContain('Try again in a moment');
    await act(() => router.navigate(-1));
    expect(screen.getByText('Screen A')).toBeTruthy();
    await waitFor(() => expect(dialog()).toBeNull());
    act(() => showAlert('Error', 'Choose a date'));
    expect(dialog()?.textContent).toContain('Choose a date');
    await act(() => router.navigate(1));
    expect(screen.getByText('Screen B')).toBeTruthy();
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it("calls the alert's own close once when the route closes it", async () => {
    const router = openApp();
    let closed = 0;
    act(() =>
      showAlert('Error', 'Choose a date', () => {
        closed++;
      }),
    );
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(closed).toBe(1);
  });

  it('keeps an alert that explains a redirect (the screen replaced), and one on the same screen', async () => {
    const router = openApp();
    act(() => showErrorModal(new Error('This tour does not exist')));
    await act(() => router.navigate('/a?step=2'));
    expect(dialog()).not.toBeNull();
    await act(() => router.navigate('/b', { replace: true }));
    expect(screen.getByText('Screen B')).toBeTruthy();
    expect(dialog()?.textContent).toContain('This tour does not exist');
  });
});
