/**
 * Fitting a photo to an upload limit in the browser (issue 12: passport photos from a phone are
 * often 3–5 MB). The image is decoded, scaled so that its longest side is at most `maxSide`
 * pixels, and encoded as JPEG, with less quality and then fewer pixels until it fits. The server
 * checks the result as it checks any upload.
 */
const QUALITIES = [0.85, 0.72, 0.6];
const MAX_ROUNDS = 4;

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** A JPEG of `file` within `maxBytes`, or null when it cannot be made (not an image it can read). */
export async function fitImage(file: File, maxBytes: number, maxSide = 2400): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    let scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) return null;
      // A transparent PNG gets a white page, not a black one, as JPEG.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of QUALITIES) {
        const blob = await encode(canvas, quality);
        if (blob && blob.size <= maxBytes) {
          const name = `${file.name.replace(/\.[^.]+$/, '') || 'scan'}.jpg`;
          return new File([blob], name, { type: 'image/jpeg' });
        }
      }
      scale *= 0.7;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
