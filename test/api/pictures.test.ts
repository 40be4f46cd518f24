// Dish pictures: decoded and made anew as WebP in two widths without metadata, stored in
// the database, served under a content address for a year; every bad upload is a 4xx
// with a clear message, and the old picture stays.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { ADMIN, createTestApi, expectError, KITCHEN, type TestApi } from '../helpers/api.js';

const Pictures = suite('dish pictures');

let api: TestApi;
let admin: string;

Pictures.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

/** A photo with a camera's EXIF and a GPS position in it. */
const photo = (width = 1200, height = 900, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { Make: 'Tavola Test Camera', Model: 'T-1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 0/1' } })
    [format]()
    .toBuffer();

const upload = (bytes: Uint8Array, { version = 1, type = 'application/octet-stream', token = admin, dish = 6 } = {}) =>
  api.request(`/api/v1/dishes/${dish}/picture?version=${version}`, { method: 'PUT', headers: { 'Content-Type': type, Authorization: `Bearer ${token}` }, body: new Uint8Array(bytes) });

const imageOf = async (dish = 6) => (await (await api.authed(`/api/v1/admin/dishes/${dish}`, admin)).json()).image as string;

Pictures('a JPEG becomes WebP 960 and 480 wide, without EXIF or GPS, served for a year', async () => {
  const original = await photo();
  assert.ok((await sharp(original).metadata()).exif, 'the test photo carries EXIF');
  const response = await upload(original, { type: 'image/jpeg' });
  assert.is(response.status, 200);
  const dish = await response.json();
  assert.match(dish.image, /^\/api\/v1\/pictures\/[A-Za-z0-9_-]{22}-960\.webp$/);
  assert.equal([dish.uploaded, dish.version], [true, 2]);
  const shown = await (await api.request('/api/v1/dishes/6')).json();
  assert.is(shown.image, dish.image);
  assert.is(shown.srcset, `${dish.image.replace('-960', '-480')} 480w, ${dish.image} 960w`);
  for (const [url, width, height] of [[dish.image, 960, 720], [dish.image.replace('-960', '-480'), 480, 360]] as const) {
    const served = await api.request(url);
    assert.is(served.status, 200);
    assert.is(served.headers.get('Content-Type'), 'image/webp');
    assert.is(served.headers.get('Cache-Control'), 'public, max-age=31536000, immutable');
    assert.is(served.headers.get('X-Content-Type-Options'), 'nosniff');
    const metadata = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    assert.equal([metadata.format, metadata.width, metadata.height], ['webp', width, height]);
    assert.is(metadata.exif, undefined);
    assert.is(metadata.xmp, undefined);
  }
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([entries[0].action, entries[0].before, entries[0].after], ['dish.picture', '/images/dishes/carbonara.svg', dish.image]);
});

Pictures('PNG and WebP are taken too; the type comes from the bytes, not the Content-Type', async () => {
  const png = await upload(await photo(800, 600, 'png'));
  assert.is(png.status, 200);
  const webp = await upload(await photo(800, 600, 'webp'), { version: 2, type: 'image/webp' });
  assert.is(webp.status, 200);
  assert.is((await webp.json()).version, 3);
});

Pictures('every bad upload is a 4xx with a clear message, and the old picture stays', async () => {
  const first = await (await upload(await photo())).json();
  const jpeg = await photo();
  const zip = Buffer.from('PK\u0003\u0004 a zip archive would follow here');
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  const cases: [string, Uint8Array, number, string, string, string?][] = [
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415, 'unsupported_picture', 'SVG pictures are not accepted: upload a JPEG, PNG or WebP photo.'],
    ['a text file', Buffer.from('just some words'), 415, 'unsupported_picture', 'This is not a picture we accept: upload a JPEG, PNG or WebP photo.'],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), 415, 'unsupported_picture', 'This is not a picture we accept: upload a JPEG, PNG or WebP photo.'],
    ['a JPEG cut short', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 422, 'unreadable_picture', 'The picture could not be read: the file is damaged or is not the image it starts as.'],
    ['JPEG bytes then a ZIP (a polyglot)', Buffer.concat([jpeg, zip]), 422, 'unreadable_picture', 'The picture could not be read: the file is damaged or is not the image it starts as.'],
    ['a PNG with HTML after its end (a polyglot)', Buffer.concat([await photo(800, 600, 'png'), html]), 422, 'unreadable_picture', `The file holds more than a picture (${html.length} bytes after the end of the PNG): save it again as a plain photo.`],
    ['a PNG sent as image/jpeg', await photo(800, 600, 'png'), 415, 'picture_type_mismatch', 'The file is a PNG but was sent as image/jpeg: send it as it is.', 'image/jpeg'],
    ['a JPEG header on PNG bytes', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), await photo(800, 600, 'png'), Buffer.from([0xff, 0xd9])]), 422, 'unreadable_picture', 'The picture could not be read: the file is damaged or is not the image it starts as.'],
    ['a decompression bomb (50,000 × 50,000 pixels in a few bytes)', bombPng(50_000, 50_000), 422, 'picture_too_large', 'The picture is 50000 × 50000 pixels; at most 40 megapixels are accepted.'],
    ['a tiny picture', await photo(100, 80), 422, 'picture_too_small', 'The picture is 100 × 80 pixels; send one at least 240 × 180.'],
    ['nothing', new Uint8Array(0), 400, 'invalid_field', 'Send the picture file as the request body.'],
  ];
  for (const [what, bytes, status, code, message, type] of cases) {
    const response = await upload(bytes, { version: 2, type });
    const body = await response.json();
    assert.equal([body.status, body.code, body.message], [status, code, message], what);
  }
  const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
  await expectError(await upload(big, { version: 2 }), 413, 'body_too_large', 'The picture is larger than 5 MB.');
  assert.is(await imageOf(), first.image);
  const rows = await api.db.selectFrom('pictures').select('name').execute();
  assert.is(rows.length, 2);
});

Pictures('a stale version is a 409 with the dish as it is now; Kitchen may not upload', async () => {
  await upload(await photo());
  const stale = await expectError(await upload(await photo(800, 600)), 409, 'conflict');
  assert.is(stale.dish.version, 2);
  const kitchen = (await api.login(KITCHEN)).accessToken;
  await expectError(await upload(await photo(), { version: 2, token: kitchen }), 403, 'forbidden');
  await expectError(await upload(await photo(), { version: 1, dish: 999 }), 404, 'not_found');
});

Pictures('an unknown picture is a 404; names are only ever content addresses', async () => {
  await expectError(await api.request('/api/v1/pictures/AAAAAAAAAAAAAAAAAAAAAA-960.webp'), 404, 'not_found');
  await expectError(await api.request('/api/v1/pictures/..%2f..%2fetc%2fpasswd'), 404, 'not_found');
});

Pictures.run();

/** A valid PNG header that claims `width` × `height`, with a few bytes of image data after it. */
function bombPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
