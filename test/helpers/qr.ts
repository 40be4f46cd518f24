/** Reads a QR code back from a screenshot, as a phone's camera would: jsQR on the raw pixels sharp decodes. */
import jsQR from 'jsqr';
import sharp from 'sharp';

export async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!found) throw new Error('no QR code found in the screenshot');
  return found.data;
}
