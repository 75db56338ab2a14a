import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { appCall, expect, FIXTURES } from './helpers.ts';

/**
 * The steps the casting journeys share (issue #27): on one node (cast.spec.ts) and across
 * two (cast-two-nodes.spec.ts).
 */

/** A TV at the TV breakpoint of spec 000 (1400 px and up). */
export const TV = { width: 1920, height: 1080 };

/** `count` different pictures: the beach with a byte of its own after the JPEG's end. */
export function pictures(count: number) {
  const beach = fs.readFileSync(path.join(FIXTURES, 'beach.jpg'));
  return Array.from({ length: count }, (_, i) => ({
    name: `pic-${String(i)}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([beach, Buffer.from([i])]),
  }));
}

export const receiver = (tv: Page) => tv.getByTestId('tv-receiver');

/** Opens /tv and answers the pairing code it shows. */
export async function tvCode(tv: Page): Promise<string> {
  await tv.goto('/tv');
  const code = (await tv.getByTestId('tv-code').textContent({ timeout: 15_000 })) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  return code;
}

export interface CastAlbum {
  id: string;
  files: { id: string; name: string; type: string }[];
}

/**
 * From a signed-in sender's timeline: uploads `files` through Add photos, waits for their
 * tiles (thumbnails made), and copies them all into a new album named `name`.
 */
export async function albumOf(
  sender: Page,
  name: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<CastAlbum> {
  await sender.getByLabel('Add photos').setInputFiles(files);
  for (const file of files)
    await expect(sender.locator(`.tile img[alt="${file.name}"]`)).toBeVisible({ timeout: 60_000 });
  const timeline = await appCall<{ id: string }>(sender, 'GET', '/jobs/default');
  const listed = await appCall<{ files: { id: string }[] }>(sender, 'GET', `/jobs/${timeline.id}/files`);
  const album = await appCall<{ id: string }>(sender, 'POST', '/jobs', { name });
  await appCall(sender, 'POST', `/jobs/${album.id}/copy_files`, {
    source_job: timeline.id,
    file_uuids: listed.files.map((f) => f.id),
  });
  const inAlbum = await appCall<{ files: CastAlbum['files'] }>(sender, 'GET', `/jobs/${album.id}/files`);
  return { id: album.id, files: inAlbum.files };
}

/** The album view's Cast to TV dialog with the TV's `code` typed in, before Connect. */
export async function castDialog(sender: Page, albumId: string, code: string): Promise<Locator> {
  await sender.goto(`/albums/${albumId}`);
  await sender.getByRole('button', { name: 'Cast to TV' }).click();
  const dialog = sender.getByRole('dialog', { name: 'Cast to a TV' });
  await dialog.getByLabel('Code shown on the TV').fill(code.toLowerCase());
  return dialog;
}
