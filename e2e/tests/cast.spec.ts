import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { albumOf, castDialog, pictures, receiver, TV, tvCode } from './cast-journey.ts';
import {
  axe,
  createAccount,
  DESKTOP,
  expect,
  newAccount,
  PHONE,
  SERVER_FIXTURES,
  SHOTS,
  test,
} from './helpers.ts';

const tvVideo = (tv: Page) => tv.locator('video.tv__media');

/**
 * Casting to a TV (issue #27, spec 000 §2, §7, §9): a TV-sized browser shows a code, a
 * desktop pairs with it and casts an album's slideshow; the TV preloads the next 4 and moves
 * on after 5 s; pause and seek from the sender reach it; a video plays from the sender's
 * position; the remote's b, p and s work; a TV nobody paired sees none of it.
 */
test('a TV pairs by code and shows what the sender casts', async ({ browser }) => {
  test.setTimeout(240_000);
  const tvContext = await browser.newContext({ viewport: TV });
  const tv = await tvContext.newPage();
  const thumbsAsked = new Set<string>();
  tv.on('request', (request) => {
    const match = /\/th\/3\/([^?]+)\?/.exec(request.url());
    if (match?.[1]) thumbsAsked.add(decodeURIComponent(match[1]));
  });
  const code = await tvCode(tv);
  await expect(tv.getByRole('img', { name: 'QR code to connect this TV' })).toBeVisible();
  await axe(tv, undefined, { contrast: true });
  await tv.getByRole('button', { name: 'Show a new code' }).focus();
  await tv.screenshot({ path: path.join(SHOTS, 'cast-01-tv-code.png') });

  // The sender: an album of seven pictures and a 2 s video.
  const senderContext = await browser.newContext({ viewport: DESKTOP });
  const sender = await senderContext.newPage();
  await sender.goto('/');
  const account = newAccount('cast');
  await createAccount(sender, account);
  const album = await albumOf(sender, 'Living room', [
    ...pictures(7),
    {
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      buffer: fs.readFileSync(path.join(SERVER_FIXTURES, 'clip.mp4')),
    },
  ]);
  const queue = album.files.map((f) => f.id);
  expect(queue).toHaveLength(8);

  // Pair with the TV's code from the album view and cast its slideshow.
  const dialog = await castDialog(sender, album.id, code);
  await axe(sender, '.dialog', { contrast: true });
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByTestId('cast-status')).toHaveText(/On the TV: 1 of 8, playing/);

  // The TV shows the first item and fetched the next 4 before they show, not more.
  await expect(receiver(tv)).toHaveAttribute('data-index', '0', { timeout: 15_000 });
  await expect(receiver(tv).locator('img.tv__media')).toBeVisible();
  await expect
    .poll(() => queue.slice(0, 5).every((id) => thumbsAsked.has(id)), { timeout: 10_000 })
    .toBe(true);
  expect(thumbsAsked.has(queue[5] ?? '')).toBe(false);
  await tv.screenshot({ path: path.join(SHOTS, 'cast-02-tv-casting.png') });
  await axe(tv);

  // The slideshow moves on after 5000 ms, and the fifth item ahead is fetched then.
  await expect(receiver(tv)).toHaveAttribute('data-index', '1', { timeout: 8_000 });
  await expect.poll(() => thumbsAsked.has(queue[5] ?? ''), { timeout: 5_000 }).toBe(true);

  // Pause from the sender: the TV stops and stays.
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'false');
  await expect(receiver(tv).getByRole('status')).toHaveText(/Paused/);
  const pausedAt = await receiver(tv).getAttribute('data-index');
  await tv.waitForTimeout(6_000);
  await expect(receiver(tv)).toHaveAttribute('data-index', pausedAt ?? '');
  await shootSender(sender, 'cast-03-sender');
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'true');

  // The remote's keys: p pauses and plays, b goes back one, s stops the slideshow, → steps on.
  await tv.keyboard.press('p');
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'false');
  await tv.keyboard.press('p');
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'true');
  const before = Number(await receiver(tv).getAttribute('data-index'));
  await tv.keyboard.press('s');
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'false');
  await expect(receiver(tv)).toHaveAttribute('data-autoplay', 'false');
  await tv.keyboard.press('b');
  await expect(receiver(tv)).toHaveAttribute('data-index', String((before + 7) % 8));
  await tv.keyboard.press('ArrowRight');
  await expect(receiver(tv)).toHaveAttribute('data-index', String(before));
  // The sender hears where the TV is (get receiver state).
  await expect(dialog.getByTestId('cast-status')).toHaveText(
    `On the TV: ${String(before + 1)} of 8, paused`,
    {
      timeout: 10_000,
    },
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A video from the sender's position: the album's carousel on the clip, at 1.2 s.
  const clip = album.files.find((f) => f.name === 'clip.mp4')?.id ?? '';
  await sender.goto(`/carousel/${album.id}/${clip}`);
  const localVideo = sender.getByRole('dialog', { name: 'clip.mp4' }).locator('video');
  await expect(localVideo).toBeVisible({ timeout: 20_000 });
  await localVideo.evaluate(async (v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 1.2;
    await new Promise((resolve) => {
      v.addEventListener('seeked', resolve, { once: true });
    });
  });
  await shootSender(sender, 'cast-05-carousel');
  await sender.getByRole('button', { name: 'Casting to TV' }).click();
  const casting = sender.getByRole('dialog', { name: 'Cast to a TV' });
  await casting.getByRole('button', { name: 'Show this on the TV' }).click();
  await expect(receiver(tv)).toHaveAttribute('data-file', clip, { timeout: 10_000 });
  // Seek from the sender, paused: the TV's video goes back to the start.
  await casting.getByRole('button', { name: 'Pause' }).click();
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'false');
  await casting.getByRole('button', { name: 'Back 10 seconds' }).click();
  await expect.poll(() => tvVideo(tv).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(0.1);
  await tv.screenshot({ path: path.join(SHOTS, 'cast-04-tv-video.png') });

  // A TV nobody paired with shows its own code, and none of this.
  const otherContext = await browser.newContext({ viewport: TV });
  const other = await otherContext.newPage();
  await other.goto('/tv');
  await expect(other.getByTestId('tv-code')).toBeVisible({ timeout: 15_000 });
  expect(await other.getByTestId('tv-code').textContent()).not.toBe(code);
  await expect(other.locator('.tv__media')).toHaveCount(0);
  await expect(other.getByTestId('tv-receiver')).toHaveCount(0);

  // Stop casting: the TV returns to a new code.
  await casting.getByRole('button', { name: 'Stop casting' }).click();
  await expect(tv.getByTestId('tv-code')).toBeVisible({ timeout: 15_000 });
  const newCode = (await tv.getByTestId('tv-code').textContent()) ?? '';
  expect(newCode).not.toBe(code);

  // The QR code's link on a phone nobody signed in on: through the login and back, the code
  // is still there (kept for the tab, never in a URL the server sees), and it pairs.
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  const asked: string[] = [];
  phone.on('request', (request) => asked.push(request.url()));
  await phone.goto(`/cast#${newCode}`);
  await expect(phone).toHaveURL(/\/login\?redir=%2Fcast$/);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await phone.getByLabel('E-mail').fill(account.email);
  await phone.getByLabel('Password').fill(account.password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/cast$/);
  await expect(phone.getByLabel('Code shown on the TV')).toHaveValue(newCode);
  await axe(phone);
  await phone.screenshot({ path: path.join(SHOTS, 'cast-06-qr-after-login-phone.png') });
  await phone.getByRole('button', { name: 'Connect' }).click();
  await expect(phone.getByText('The TV is connected.', { exact: false })).toBeVisible();
  await expect(tv.getByTestId('tv-pairing')).toHaveCount(0, { timeout: 15_000 });
  expect(asked.filter((url) => url.includes(newCode))).toEqual([]);
});

/** The sender with its cast dialog open, at desktop width and on a 390 px phone. */
async function shootSender(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), animations: 'disabled' });
  await page.setViewportSize(PHONE);
  await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
}
