import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's own QR reader where it has one; else the ZXing ponyfill (barcode-detector, its
 * WebAssembly from the app's own assets: it works offline once fetched).
 */
async function loadDetector(): Promise<BarcodeDetectorClass> {
  const native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof native === 'function') return native;
  const [{ BarcodeDetector, prepareZXingModule }, { zxingWasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('../lib/zxing-wasm-url.ts'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingWasmUrl : prefix + path,
    },
  });
  return BarcodeDetector as unknown as BarcodeDetectorClass;
}

/**
 * The phone's back camera, read a few times a second by BarcodeDetector until it sees a QR code
 * (loaded only when the camera is asked for). Without a camera, the dialog's "Type or paste a
 * code" field does the same.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState(false);
  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(true);
      return;
    }
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let detector: BarcodeDetectorLike | null = null;
    loadDetector()
      .then((Detector) => {
        detector = new Detector({ formats: ['qr_code'] });
        return navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      })
      .then(async (media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play();
        timer = setInterval(() => {
          void detector
            ?.detect(element)
            .then((codes) => {
              const first = codes[0]?.rawValue;
              if (first && !stopped) {
                stopped = true;
                clearInterval(timer);
                onCode(first);
              }
            })
            .catch(() => undefined);
        }, 300);
      })
      .catch(() => setProblem(true));
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);
  if (problem) {
    return (
      <Text size="sm" c="dimmed">
        {t('guide:scan.noCamera')}
      </Text>
    );
  }
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t('guide:scan.camera')}
      style={{
        width: '100%',
        maxHeight: 260,
        objectFit: 'cover',
        borderRadius: 8,
        background: '#000',
      }}
    />
  );
}
