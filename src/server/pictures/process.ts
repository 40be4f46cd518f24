// An uploaded photo becomes two WebP pictures (480 and 960 pixels wide) with nothing of
// the upload kept but its pixels: the type is read from the first bytes (never from a
// file name or a Content-Type), libvips (through sharp) decodes the whole image and
// encodes new files, so EXIF, GPS and anything hidden after the image are gone. What
// cannot be decoded as the type its bytes announce is refused, and so is a picture with
// more pixels than MAX_PIXELS before any of them is decoded (a decompression bomb).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';

/** The widths an upload is made at. */
export const PICTURE_WIDTHS = [480, 960] as const;

/** Where a picture made from an upload is served, at one of PICTURE_WIDTHS. */
export const pictureUrl = (picture: string, width: number) => `/api/v1/pictures/${picture}-${width}.webp`;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;

export interface ProcessedPicture {
  /** The content address: a hash of what was made, so a new picture is a new address. */
  hash: string;
  variants: { width: number; height: number; bytes: Uint8Array }[];
}

type Kind = 'jpeg' | 'png' | 'webp';

/** The type the first bytes announce, or null. */
export function sniff(bytes: Uint8Array): Kind | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'webp';
  return null;
}

// Where the image its first bytes announce ends (NaN: not known, refuse). Anything after it (a ZIP, a script, a
// second image) makes the file a polyglot: refused, though the decoder would not mind.
function imageEnd(bytes: Uint8Array, kind: Kind): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'webp') return bytes.length >= 8 ? 8 + view.getUint32(4, true) + (view.getUint32(4, true) % 2) : 0;
  if (kind === 'png') {
    for (let at = 8; at + 12 <= bytes.length; ) {
      const length = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      at += 12 + length;
      if (type === 'IEND') return at;
    }
    return Infinity; // no end: a damaged file, which the decoder refuses
  }
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0) end--; // some cameras pad with zeros
  return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9 ? end : NaN; // cut short, or something after it
}

const MIME: Record<Kind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const unreadable = () => new ApiError(422, 'unreadable_picture', t('The picture could not be read: the file is damaged or is not the image it starts as.'));

/**
 * `declared` is the Content-Type the upload came with: it decides nothing, but an image
 * type that the bytes contradict (a PNG sent as image/jpeg) is refused as suspect.
 */
export async function processPicture(bytes: Uint8Array, declared = ''): Promise<ProcessedPicture> {
  const kind = sniff(bytes);
  if (!kind) {
    const text = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
    const what = text.startsWith('<svg') || text.startsWith('<?xml') ? 'SVG pictures are not accepted' : 'This is not a picture we accept';
    throw new ApiError(415, 'unsupported_picture', t('{what}: upload a JPEG, PNG or WebP photo.', { what }));
  }
  const claimed = declared.split(';')[0]!.trim().toLowerCase();
  if (Object.values(MIME).includes(claimed) && claimed !== MIME[kind]) {
    throw new ApiError(415, 'picture_type_mismatch', t('The file is a {value} but was sent as {claimed}: send it as it is.', { value: kind.toUpperCase(), claimed }));
  }
  const end = imageEnd(bytes, kind);
  if (Number.isNaN(end)) throw unreadable();
  if (end < bytes.length) throw new ApiError(422, 'unreadable_picture', t('The file holds more than a picture ({value} bytes after the end of the {value2}): save it again as a plain photo.', { value: bytes.length - end, value2: kind.toUpperCase() }));
  // `failOn: 'warning'`: a truncated or patched file is refused, not half-decoded.
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'warning', sequentialRead: true });
  let metadata: sharp.Metadata;
  try {
    // The header only, with no pixel limit, so that a bomb is refused by its own numbers.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== kind) throw unreadable();
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width * height > MAX_PIXELS) {
    throw new ApiError(422, 'picture_too_large', t('The picture is {width} × {height} pixels; at most {value} megapixels are accepted.', { width, height, value: MAX_PIXELS / 1_000_000 }));
  }
  if (width < 240 || height < 180) throw new ApiError(422, 'picture_too_small', t('The picture is {width} × {height} pixels; send one at least 240 × 180.', { width, height }));
  try {
    const variants = await Promise.all(
      PICTURE_WIDTHS.map(async (target) => {
        // The upload's orientation is applied, then every piece of metadata is left behind.
        const { data, info } = await input().rotate().resize({ width: target, withoutEnlargement: true }).webp({ quality: 78, effort: 4 }).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, bytes: new Uint8Array(data) };
      }),
    );
    const hash = createHash('sha256');
    for (const variant of variants) hash.update(variant.bytes);
    return { hash: hash.digest('base64url').slice(0, 22), variants };
  } catch {
    throw unreadable();
  }
}
