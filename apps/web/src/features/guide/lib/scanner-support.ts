/** Whether the browser reads QR codes itself (BarcodeDetector) and has a camera API. */
export function barcodeDetectorAvailable(): boolean {
  return (
    typeof (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector === 'function' &&
    typeof navigator !== 'undefined' &&
    Boolean(navigator.mediaDevices?.getUserMedia)
  );
}
