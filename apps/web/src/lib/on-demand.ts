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

/**
 * `run` once the page has loaded (its load event) and the browser is next idle (Safari, without
 * idle callbacks: the next task): work the first screen does not need, such as the service
 * worker or another language's texts, then does not compete with its requests and rendering on
 * a slow phone (ADR 0053, decision 14). Returns a function that cancels it if it has not run.
 */
export function whenSettled(run: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(run);
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}
