import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeBlobStore } from './blob-store.conformance.ts';
import { createFsBlobStore } from './fs-blob-store.ts';

describeBlobStore('filesystem', async () => {
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trove-fs-blobs-'));
  return {
    store: createFsBlobStore(root),
    // A temp file that was never renamed into place is what a crash mid-put leaves.
    async startPartial() {
      await fs.promises.writeFile(path.join(root, 'tmp', '0123456789abcdef0123456789abcdef.part'), 'half');
    },
    async cleanup() {
      await fs.promises.rm(root, { recursive: true, force: true });
    },
  };
});
