import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { startCluster, type Cluster } from '../../apps/server/src/cluster/cluster.test-support.ts';
import { albumOf, castDialog, pictures, receiver, TV, tvCode } from './cast-journey.ts';
import { createAccount, DESKTOP, expect, newAccount, ROOT, SHOTS, test } from './helpers.ts';

/*
 * Casting across two server nodes (issue #27, [Note: Casting]), in a real browser: the
 * multi-node cluster of [Note: The multi-node test] (PostgreSQL, a radosgw bucket, Redis,
 * one MEDIA_URL_SECRET, two `trove serve` and two `trove worker` processes, as
 * docs/OPERATIONS.md runs them), both nodes serving the built web client. The TV opens /tv
 * on node A's own port and the sender works on node B's, so every receiver message the
 * sender sends reaches the TV's long poll only through the event bus (Redis pub/sub), and
 * what the TV reports reaches the sender only through the shared database. cast.spec.ts
 * covers every message on one node; this proves the path between nodes.
 *
 * No skipping: without PostgreSQL, Redis or Ceph the cluster does not start and this fails.
 */

/**
 * The TV's long poll waits up to 25 s (CAST_POLL_TIMEOUT_MS). A change the sender makes
 * while that poll is younger than 20 s, seen on the TV within this long, was the bus's
 * wake-up: without the bus the TV would learn it only when the poll times out.
 */
const BY_BUS = { timeout: 5_000 };

// The nodes' ports, apart from the config's own server and e-mail sink (E2E_PORT, +100,
// +200), so that runs with different E2E_PORTs on one machine do not clash.
const base = Number(process.env.E2E_PORT ?? 8181);
let cluster: Cluster | undefined;

test.beforeAll(async () => {
  // Ceph, migrations and four processes on a shared two-core machine: well under this.
  test.setTimeout(120_000);
  cluster = await startCluster({
    ports: [base + 300, base + 400],
    env: {
      // Each node serves the web client, on its own address (no APP_HOST: the service
      // directory names no other host, so the browser talks to the node it opened).
      WEB_DIST: path.join(ROOT, 'apps', 'web', 'dist'),
      APP_HOST: '',
      TRUSTED_ORIGINS: '',
    },
  });
});

test.afterAll(async () => {
  // Stops every process, drops the database, deletes the bucket and stops radosgw.
  await cluster?.stop();
});

test('a TV on node A shows what a sender on node B casts', async ({ browser }) => {
  test.setTimeout(90_000);
  if (!cluster) throw new Error('the cluster did not start');
  const [nodeA, nodeB] = cluster.nodes;
  const tvContext = await browser.newContext({ viewport: TV, baseURL: nodeA.url });
  const tvOrigins = originsOf(tvContext);
  const tv = await tvContext.newPage();
  const code = await tvCode(tv);

  const senderContext = await browser.newContext({ viewport: DESKTOP, baseURL: nodeB.url });
  const senderOrigins = originsOf(senderContext);
  const sender = await senderContext.newPage();
  await sender.goto('/');
  await createAccount(sender, newAccount('cast-nodes'));
  const album = await albumOf(sender, 'Two nodes', pictures(3));
  expect(album.files).toHaveLength(3);

  // Pairing and the load message go through node B; the TV on node A shows the first item.
  // (Its poll has waited since /tv opened, maybe long: the steps below, each made soon after
  // the TV's last answer, are the ones that tell the bus from the poll's timeout.)
  const dialog = await castDialog(sender, album.id, code);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByTestId('cast-status')).toHaveText(/On the TV: 1 of 3, playing/);
  await expect(receiver(tv)).toHaveAttribute('data-index', '0', { timeout: 10_000 });
  await expect(receiver(tv).locator('img.tv__media')).toBeVisible();
  await tv.screenshot({ path: path.join(SHOTS, 'cast-two-nodes-tv.png') });

  // The slideshow moves on after 5 s; pause from node B reaches the TV at once.
  await expect(receiver(tv)).toHaveAttribute('data-index', '1', { timeout: 8_000 });
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(receiver(tv)).toHaveAttribute('data-playing', 'false', BY_BUS);
  await expect(receiver(tv).getByRole('status')).toHaveText(/Paused/);

  // The remote's arrow on the TV (node A): the sender on node B hears where it is.
  const at = Number(await receiver(tv).getAttribute('data-index'));
  await tv.keyboard.press('ArrowRight');
  await expect(receiver(tv)).toHaveAttribute('data-index', String((at + 1) % 3));
  await expect(dialog.getByTestId('cast-status')).toHaveText(
    `On the TV: ${String(((at + 1) % 3) + 1)} of 3, paused`,
  );

  // Stop casting on node B: the TV on node A returns to a new code.
  await dialog.getByRole('button', { name: 'Stop casting' }).click();
  await expect(tv.getByTestId('tv-code')).toBeVisible(BY_BUS);
  expect(await tv.getByTestId('tv-code').textContent()).not.toBe(code);

  // Each browser spoke to its own node only: nothing went the other way round.
  expect([...tvOrigins]).toEqual([nodeA.url]);
  expect([...senderOrigins]).toEqual([nodeB.url]);
});

/** The origins of every HTTP request a browser context makes from now on. */
function originsOf(context: BrowserContext): Set<string> {
  const seen = new Set<string>();
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') seen.add(url.origin);
  });
  return seen;
}
