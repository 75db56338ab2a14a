/**
 * The stickers of spec 000 §1, drawn here as SVG (no request, no third party): the editor's
 * image tool places them, and the watermark tool lays one over the photo.
 */
const svg = (body: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 64 64">${body}</svg>`,
  )}`;

const HEART = svg(
  '<path fill="#e53935" d="M32 57S6 41 6 22a13 13 0 0 1 26-5 13 13 0 0 1 26 5c0 19-26 35-26 35z"/>',
);
const STAR = svg(
  '<path fill="#fdd835" stroke="#f9a825" stroke-width="2" d="m32 4 8.6 17.5 19.4 2.8-14 13.6 3.3 19.3L32 48.1 14.7 57.2 18 37.9 4 24.3l19.4-2.8z"/>',
);
const SMILE = svg(
  '<circle cx="32" cy="32" r="28" fill="#ffca28"/><circle cx="22" cy="26" r="4" fill="#3e2723"/><circle cx="42" cy="26" r="4" fill="#3e2723"/><path fill="none" stroke="#3e2723" stroke-width="4" stroke-linecap="round" d="M19 39c7 9 19 9 26 0"/>',
);
const SUN = svg(
  '<g stroke="#fb8c00" stroke-width="4" stroke-linecap="round"><path d="M32 3v9M32 52v9M3 32h9M52 32h9M11 11l6 6M47 47l6 6M11 53l6-6M47 17l6-6"/></g><circle cx="32" cy="32" r="14" fill="#ffb300"/>',
);
const BALLOON = svg(
  '<ellipse cx="32" cy="24" rx="16" ry="20" fill="#1e88e5"/><path fill="#1e88e5" d="m28 43 4 5 4-5z"/><path fill="none" stroke="#546e7a" stroke-width="2" d="M32 48c-4 5 4 8 0 14"/>',
);

export const STICKERS: { originalUrl: string; previewUrl: string }[] = [HEART, STAR, SMILE, SUN, BALLOON].map(
  (url) => ({ originalUrl: url, previewUrl: url }),
);
