/**
 * Code that a screen needs soon but not for its first paint (ADR 0053): `load` runs at the
 * visitor's first touch, key, focus or mouse move on the page, once. Not when the browser is
 * idle: code evaluated after the first paint but before the visitor acts is main-thread time a
 * slow phone spends instead of answering (Lighthouse counts it as blocking time), and a visitor
 * who only reads needs none of it.
 */
export function loadSoon(load: () => unknown): () => void {
  let done = false;
  const events = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart'] as const;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    void load();
  };
  for (const type of events) window.addEventListener(type, run, { passive: true, capture: true });
  function cancel() {
    for (const type of events) window.removeEventListener(type, run, { capture: true });
  }
  return () => {
    done = true;
    cancel();
  };
}
