import { type Page } from '@playwright/test';
import path from 'node:path';
import {
  expect,
  test,
  createAccount,
  FIXTURES,
  newAccount,
  SERVER_FIXTURES,
  SHOTS,
  namedFile,
} from './helpers.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** What the viewer shows: a screenshot of the window at desktop size, and at phone size when asked. */
async function shoot(page: Page, name: string, options: { phone?: boolean } = {}) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), animations: 'disabled' });
  if (!options.phone) return;
  await page.setViewportSize(PHONE);
  // Shot once the page has laid out at the new width and painted it.
  await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), animations: 'disabled' });
  await page.setViewportSize(DESKTOP);
}

const viewer = (page: Page) => page.getByRole('dialog').first();
/** The viewer's dialog is named after the file on screen. */
const expectShowing = (page: Page, name: string) =>
  expect(page.getByRole('dialog', { name }), `showing ${name}`).toBeVisible({ timeout: 15_000 });

/**
 * The viewer of issue #4 (spec 000 §4 Carousel): open from the grid, step with the keys
 * across months in timeline order, zoom, details, play a video, a failed thumbnail, the
 * slideshow, and delete until the timeline is empty.
 */
test('a user views, steps through, plays, runs a slideshow and deletes', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('viewer'));

  // Four files in four months: now, May 2024 (video), February 2024 (HEIC), July 2023.
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('IMG_2023.jpg', path.join(SERVER_FIXTURES, 'photo-exif.jpg'), 'image/jpeg'),
      namedFile('IMG_0001.heic', path.join(SERVER_FIXTURES, 'photo.heic'), 'image/heic'),
      namedFile('VID_0001.mp4', path.join(SERVER_FIXTURES, 'clip.mp4'), 'video/mp4'),
    ]);
  for (const name of ['beach.jpg', 'IMG_2023.jpg', 'IMG_0001.heic', 'VID_0001.mp4']) {
    await expect(page.locator(`.tile img[alt="${name}"]`)).toBeVisible({ timeout: 30_000 });
  }

  // Open from the grid; the 1280 thumbnail shows.
  await page.locator('.tile', { has: page.locator('img[alt="beach.jpg"]') }).click();
  await expect(page).toHaveURL(/\/photos\/[^/]+$/);
  const beachUrl = page.url();
  await expectShowing(page, 'beach.jpg');
  const picture = viewer(page).getByRole('img', { name: 'beach.jpg' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await picture.getAttribute('src')).toContain('area=1280');
  await shoot(page, 'viewer-01-image', { phone: true });

  // Timeline order, newest taken first, each step into another month.
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, 'VID_0001.mp4');
  await page.keyboard.press('ArrowRight');
  await expectShowing(page, 'IMG_0001.heic');
  await page.keyboard.press('End');
  await expectShowing(page, 'IMG_2023.jpg');
  await expect(viewer(page).getByRole('button', { name: 'Next' })).toHaveCount(0);
  await page.keyboard.press('Home');
  await expectShowing(page, 'beach.jpg');
  await expect(viewer(page).getByRole('button', { name: 'Previous' })).toHaveCount(0);

  // Details of the photo with EXIF (spec 000 §3 Metadata).
  await page.keyboard.press('End');
  await expectShowing(page, 'IMG_2023.jpg');
  await viewer(page).getByRole('button', { name: 'Show details' }).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByText('Canon EOS R5')).toBeVisible();
  await expect(details.getByText('1/250 s')).toBeVisible();
  await expect(details.getByRole('link', { name: 'Show on map' })).toBeVisible();
  await shoot(page, 'viewer-02-details', { phone: true });
  await details.getByRole('button', { name: 'Close' }).click();

  // A click zooms into the original; a HEIC zooms into its JPEG.
  await page.keyboard.press('ArrowLeft');
  await expectShowing(page, 'IMG_0001.heic');
  await viewer(page).getByRole('img', { name: 'IMG_0001.heic' }).click();
  const original = viewer(page).locator('.viewer-image__original');
  await expect(original).toHaveAttribute('src', /to_jpeg=1/);
  await expect(original).toHaveCSS('opacity', '1');
  await shoot(page, 'viewer-03-zoomed');
  await viewer(page).getByRole('button', { name: 'Zoom out' }).click();

  // The video plays its preview with controls.
  await page.keyboard.press('ArrowLeft');
  await expectShowing(page, 'VID_0001.mp4');
  const video = viewer(page).locator('video');
  await expect(video).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
  });
  await shoot(page, 'viewer-04-video', { phone: true });

  // Escape goes back to the timeline the viewer was opened from.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Opened by URL, a thumbnail that fails says 'something went wrong' (spec 000 §8).
  await page.route('**/th/3/**', (route) => route.abort());
  await page.goto(beachUrl);
  await expect(viewer(page).getByRole('alert')).toContainText('Something went wrong');
  await shoot(page, 'viewer-05-error', { phone: true });
  await page.unroute('**/th/3/**');

  // The slideshow (#autoPlay): 5 s a picture, the video to its end, then on. The page runs
  // on Playwright's clock from here (it flows as usual until moved by hand), so that a pause
  // can be shown to hold by moving time on rather than by waiting.
  await page.clock.install();
  await page.goto('about:blank');
  await page.goto(`${beachUrl}#autoPlay`);
  await expectShowing(page, 'beach.jpg');
  await expect(viewer(page).getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  await expectShowing(page, 'VID_0001.mp4');
  await expectShowing(page, 'IMG_0001.heic');
  await viewer(page).getByRole('button', { name: 'Pause slideshow' }).click();
  await expect(page).not.toHaveURL(/#autoPlay/);
  // Past a picture's 5 s, every timer due fired: a slideshow still running would have moved on.
  await page.clock.runFor(6000);
  await expectShowing(page, 'IMG_0001.heic');

  // Delete moves on to the next file; the last one leaves for the empty timeline.
  for (const [name, next] of [
    ['IMG_0001.heic', 'IMG_2023.jpg'],
    ['IMG_2023.jpg', 'VID_0001.mp4'],
    ['VID_0001.mp4', 'beach.jpg'],
  ] as const) {
    await expectShowing(page, name);
    await viewer(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
    await expectShowing(page, next);
  }
  await viewer(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByRole('heading', { name: 'Your photos will show up here' })).toBeVisible();
  await context.close();
});

/** A one-finger swipe on the touch screen from `from` to `to`, as a phone's driver sends it. */
async function touchSwipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    const at = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * On a phone, a video's swipes work as a picture's (issue #10 §4): sideways steps, down
 * closes the viewer, while the player keeps its native controls.
 */
test('on a phone a swipe over a video steps sideways and closes the viewer downwards', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  await createAccount(page, newAccount('swipe'));
  await page
    .getByLabel('Add photos')
    .setInputFiles([
      namedFile('beach.jpg', path.join(FIXTURES, 'beach.jpg'), 'image/jpeg'),
      namedFile('VID_0001.mp4', path.join(SERVER_FIXTURES, 'clip.mp4'), 'video/mp4'),
    ]);
  const clipTile = page.locator('.tile', { has: page.locator('img[alt="VID_0001.mp4"]') });
  await expect(clipTile).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.tile img[alt="beach.jpg"]')).toBeVisible({ timeout: 30_000 });

  const showVideo = async () => {
    await expectShowing(page, 'VID_0001.mp4');
    const video = viewer(page).locator('video');
    await expect(video).toBeVisible({ timeout: 20_000 });
    await expect(video).toHaveAttribute('controls', '');
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
    });
  };
  await clipTile.tap();
  await showVideo();
  await page.screenshot({
    path: path.join(SHOTS, 'viewer-06-video-swipe-before-phone.png'),
    animations: 'disabled',
  });
  // The newer picture is to the left: a swipe to the right steps to it, one to the left back.
  await touchSwipe(page, { x: 100, y: 400 }, { x: 300, y: 410 });
  await expectShowing(page, 'beach.jpg');
  await touchSwipe(page, { x: 300, y: 400 }, { x: 100, y: 410 });
  await showVideo();
  await touchSwipe(page, { x: 195, y: 300 }, { x: 200, y: 550 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/photos$/);
  await page.screenshot({
    path: path.join(SHOTS, 'viewer-06-video-swipe-after-phone.png'),
    animations: 'disabled',
  });
  await context.close();
});
