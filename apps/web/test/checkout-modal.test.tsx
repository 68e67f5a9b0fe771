// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutModal } from '../src/components/checkout-modal.tsx';

const checkout = {
  kind: 'form' as const,
  action: 'https://gateway.example/checkout',
  fields: { amount: '62000', operation: '1234' },
};

function modal(onResult: () => void) {
  return (
    <MantineProvider>
      <CheckoutModal checkout={checkout} transactionId="T-1" onResult={onResult} />
    </MantineProvider>
  );
}

afterEach(cleanup);

describe('CheckoutModal', () => {
  it('posts the gateway form once, however often its parent renders it with a new callback', () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const view = render(modal(() => undefined));
    expect(submit).toHaveBeenCalledTimes(1);

    // A parent that re-renders passes a new inline function each time.
    view.rerender(modal(() => undefined));
    view.rerender(modal(() => undefined));
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
  });

  it('reports an outcome to the latest callback only', () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const first = vi.fn();
    const latest = vi.fn();
    const view = render(modal(first));
    view.rerender(modal(latest));
    const frame = document.querySelector('iframe');
    expect(frame).not.toBeNull();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'cusco-checkout', transactionId: 'T-1', status: 'S' },
        origin: window.location.origin,
        source: frame?.contentWindow ?? null,
      }),
    );
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith({ status: 'S' });
  });
});
