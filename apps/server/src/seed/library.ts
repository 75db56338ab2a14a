import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** One generated item of the demo library. */
export interface SeedItem {
  path: string;
  /** Seconds since the epoch, as a client would send `mtime`. */
  mtime: number;
  bytes: Buffer;
}

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#ffb347', '#2a6ebb', '#1b3a2f'],
  ['#f6d365', '#fda085', '#5b3a29'],
  ['#a1c4fd', '#c2e9fb', '#2f4858'],
  ['#ff9a9e', '#fad0c4', '#3d2c3e'],
  ['#84fab0', '#8fd3f4', '#1f3b4d'],
  ['#e0c3fc', '#8ec5fc', '#29335c'],
];
const CAMERAS = [
  ['Apple', 'iPhone 15 Pro'],
  ['Google', 'Pixel 8'],
  ['FUJIFILM', 'X-T5'],
  ['Canon', 'EOS R6'],
] as const;

const exifDate = (d: Date) =>
  `${String(d.getUTCFullYear())}:${pad(d.getUTCMonth() + 1)}:${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** A landscape-like JPEG (sky, sun, hills) with camera EXIF: taken time, ISO, aperture, GPS. */
export async function landscapeJpeg(taken: Date, seed: number): Promise<Buffer> {
  const [sky, glow, land] = PALETTES[seed % PALETTES.length] ?? ['#a1c4fd', '#c2e9fb', '#2f4858'];
  const [make, model] = CAMERAS[seed % CAMERAS.length] ?? CAMERAS[0];
  const portrait = seed % 5 === 0;
  const [w, h] = portrait ? [1200, 1600] : [1600, 1200];
  const hill = Array.from(
    { length: 6 },
    (_, i) => `${String((i * w) / 5)} ${String(h * 0.55 + randomInt(0, h * 0.3))}`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(w)}" height="${String(h)}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${glow}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${String(randomInt(200, w - 200))}" cy="${String(randomInt(150, h / 2))}" r="${String(randomInt(60, 200))}" fill="#fff6d5" opacity="0.85"/>
    <path d="M0 ${String(h)} L${hill.join(' L')} L${String(w)} ${String(h)} Z" fill="${land}"/></svg>`;
  const lat = 58 + (seed % 7);
  const lon = 5 + ((seed * 3) % 20);
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 82, mozjpeg: true })
    .withExif({
      IFD0: { Make: make, Model: model },
      IFD2: {
        DateTimeOriginal: exifDate(taken),
        ISOSpeedRatings: String([100, 200, 400, 800][seed % 4]),
        FNumber: `${String([18, 28, 40, 56][seed % 4])}/10`,
        ExposureTime: `1/${String([60, 125, 250, 1000][seed % 4])}`,
        FocalLength: `${String([24, 35, 50, 85][seed % 4])}/1`,
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: `${String(lat)}/1 ${String(seed % 60)}/1 0/1`,
        GPSLongitudeRef: 'E',
        GPSLongitude: `${String(lon)}/1 ${String((seed * 7) % 60)}/1 0/1`,
      },
    })
    .toBuffer();
}

/** A phone screenshot: a PNG with a status bar and a few cards; no EXIF, as real ones. */
export async function screenshotPng(seed: number): Promise<Buffer> {
  const cards = Array.from(
    { length: 4 },
    (_, i) =>
      `<rect x="40" y="${String(200 + i * 380)}" width="1000" height="330" rx="36" fill="${i % 2 ? '#e8f0fe' : '#fce8e6'}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920"><rect width="100%" height="100%" fill="#ffffff"/>
    <rect width="100%" height="120" fill="${PALETTES[seed % PALETTES.length]?.[1] ?? '#1a73e8'}"/>${cards}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A short H.264/AAC clip made by ffmpeg, with its creation time in the container. */
export async function clipMp4(
  ffmpegPath: string,
  workDir: string,
  taken: Date,
  seed: number,
): Promise<Buffer> {
  const out = path.join(workDir, `clip-${String(seed)}.mp4`);
  // prettier-ignore -- flags read best as pairs
  await run(ffmpegPath, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${String(220 + seed * 110)}`,
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-metadata',
    `creation_time=${taken.toISOString()}`,
    '-movflags',
    '+faststart',
    out,
  ]);
  return fs.promises.readFile(out);
}

/** A one-page PDF: the smallest valid document, so "Documents" has something real. */
export function receiptPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 24 Tf 72 770 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${String(stream.length)} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${String(i + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
