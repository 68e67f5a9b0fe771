/** Whether the phone has a camera API: the browser's QR reader or the ZXing fallback reads it. */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** Whether the browser reads QR codes itself (BarcodeDetector: Chrome on Android, Safari 17+). */
export function nativeBarcodeDetector(): boolean {
  return typeof (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector === 'function';
}

/**
 * Where a phone without its own QR reader has the ZXing reader (WebAssembly) from: the app's own
 * assets, never a CDN. Fetched once when a departure is downloaded, so that the service worker
 * keeps it for the trail (vite.config.ts: runtime caching of .wasm).
 */
export async function prepareScannerOffline(): Promise<void> {
  if (nativeBarcodeDetector() || !cameraAvailable()) return;
  const { zxingWasmUrl } = await import('./zxing-wasm-url.ts');
  await fetch(zxingWasmUrl).catch(() => undefined);
}
