/**
 * Code that a screen needs soon but not for its first paint (ADR 0053): `load` runs at the
 * visitor's first touch, key or focus on the page, or when the browser is next idle after the
 * screen is drawn, whichever comes first, and once.
 */
export function loadSoon(load: () => unknown): () => void {
  let done = false;
  const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    void load();
  };
  for (const type of events) window.addEventListener(type, run, { passive: true, capture: true });
  const idle =
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 4000 })
      : window.setTimeout(run, 2000);
  function cancel() {
    for (const type of events) window.removeEventListener(type, run, { capture: true });
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  }
  return () => {
    done = true;
    cancel();
  };
}
