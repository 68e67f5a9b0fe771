// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import type { RefObject } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../src/components/lazy-select.tsx';
import { SelectInput } from '../src/components/select-input.tsx';
import { renderInApp, resetApp } from './support/app.tsx';

afterEach(resetApp);

const data = [
  { value: 'tourist', label: 'Tourist hotel 3★' },
  { value: 'superior', label: 'Superior hotel 4★' },
];

/**
 * The stand-in's click arriving while the Select is drawn: a render in the background yields to
 * the browser between drawing a component and putting it on the page, and a click can come in
 * between. Drawn after the Select in the same render, this marks the stand-in clicked after the
 * Select has been drawn and before it is put on the page, as that click does.
 */
function ClickArrives({ standIn }: { standIn: RefObject<StandIn> }) {
  standIn.current.clicked = true;
  return null;
}

describe('the Select that replaces its stand-in (lazy-select.tsx)', () => {
  it('opens its options, and says so, when the stand-in was clicked while it was being drawn', async () => {
    const standIn = { current: { focused: false, clicked: false } };
    renderInApp(
      <>
        <SelectInput standIn={standIn} label="Hotel" data={data} />
        <ClickArrives standIn={standIn} />
      </>,
    );
    const field = screen.getByRole('combobox', { name: 'Hotel' });
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tourist hotel 3★',
      'Superior hotel 4★',
    ]);
    expect(document.activeElement).toBe(field);
    // The click is taken once: the flag is cleared for the next stand-in.
    expect(standIn.current.clicked).toBe(false);
  });

  it('stays closed, and leaves the focus where it is, when the stand-in was not touched', async () => {
    const standIn = { current: { focused: false, clicked: false } };
    renderInApp(<SelectInput standIn={standIn} label="Hotel" data={data} />);
    const field = screen.getByRole('combobox', { name: 'Hotel' });
    // Its options' list is put on the page (a portal) after a first render: wait for it.
    await waitFor(() => expect(document.querySelector('[role="listbox"]')).not.toBeNull());
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).not.toBe(field);
  });

  it('stays closed when it is read-only, though the stand-in was clicked', async () => {
    const standIn = { current: { focused: false, clicked: true } };
    renderInApp(<SelectInput standIn={standIn} label="Hotel" data={data} readOnly />);
    const field = screen.getByRole('combobox', { name: 'Hotel' });
    await waitFor(() => expect(standIn.current.clicked).toBe(false));
    // The frame an opening would have waited for, and one more.
    for (let frame = 0; frame < 2; frame++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
  });
});
