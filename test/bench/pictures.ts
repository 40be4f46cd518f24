// Uploading a phone's photo: a 4,000 × 3,000 JPEG (photo-like noise, about 2 MB) sent to
// PUT /api/v1/dishes/{id}/picture by an Admin, one upload at a time, against our server in a
// process of its own. Each upload is read, checked, decoded, made anew as WebP in two widths
// and stored in the database before the answer: the time is the whole request, as the Admin waits.
import sharp from 'sharp';
import { start } from './api.js';
import { peakMb } from './scale.js';

const UPLOADS = 7;

export interface PictureUpload {
  uploads: number;
  inputBytes: number;
  median: number;
  max: number;
  rssMb: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function measurePictureUpload(): Promise<PictureUpload> {
  const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).blur(1.2).jpeg({ quality: 85 }).toBuffer();
  const server = await start('tavola');
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
    const { accessToken } = (await (await post('/api/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).json()) as { accessToken: string };
    let { version } = (await (await fetch(`${server.url}/api/v1/admin/dishes/3`, { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as { version: number };
    const times: number[] = [];
    for (let i = 0; i <= UPLOADS; i++) {
      const began = performance.now();
      const response = await fetch(`${server.url}/api/v1/dishes/3/picture?version=${version}`, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg', Authorization: `Bearer ${accessToken}` }, body: new Uint8Array(photo) });
      const took = performance.now() - began;
      if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      ({ version } = (await response.json()) as { version: number });
      if (i > 0) times.push(took); // the first one warms up (sharp's thread pool, the JIT)
    }
    times.sort((a, b) => a - b);
    return { uploads: UPLOADS, inputBytes: photo.length, median: Math.round(percentile(times, 0.5)), max: Math.round(times.at(-1)!), rssMb: peakMb(server.child.pid!) };
  } finally {
    server.child.kill();
  }
}
