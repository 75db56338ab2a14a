import { download, upload } from './archives.ts';
import { createAccount, makeDataDir, removeDataDir, rssOf, startServer } from './lib/server.ts';

const MiB = 1024 * 1024;

/**
 * The data export (issue #24, [Note: Data export]) of an account of `mib` MiB in 8 MiB files
 * plus `small` files of 20 KiB (many entries: the manifest, the sidecars and the central
 * directory grow with them), through a real server: its RSS from just before the request
 * (which freezes the manifest, computing every digest from the stored bytes: no media worker
 * ran) to the end of the download, sampled every 50 ms.
 */
export async function benchDataExport(
  mib: number,
  small: number,
): Promise<{
  rssGrowthMB: number;
  zipBytes: number;
  entries: number;
  freezeSeconds: number;
  downloadMBs: number;
}> {
  const dataDir = await makeDataDir();
  try {
    const session = await createAccount(dataDir);
    const server = await startServer(dataDir, session, { EMBEDDED_WORKER: 'false' });
    try {
      const job = ((await (await server.call('/st/4/jobs/default')).json()) as { id: string }).id;
      for (let i = 0; i * 8 < mib; i++)
        await upload(server, job, `big-${String(i)}.jpg`, Math.min(8, mib - i * 8) * MiB, i);
      for (let i = 0; i < small; i++)
        await upload(server, job, `small-${String(i)}.jpg`, 20 * 1024, 100_000 + i);

      await new Promise((resolve) => setTimeout(resolve, 500));
      const baseline = rssOf(server.pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 50);
      try {
        const started = performance.now();
        const response = await server.call('/st/4/data_protection/request_data_access', { method: 'POST' });
        if (!response.ok) throw new Error(`request: ${String(response.status)} ${await response.text()}`);
        const prepared = (await response.json()) as { url: string; size: number; count: number };
        const freezeSeconds = (performance.now() - started) / 1000;
        const got = await download(`${server.url}${prepared.url}`);
        if (got.bytes !== prepared.size)
          throw new Error(`bench: got ${String(got.bytes)} of ${String(prepared.size)} bytes`);
        return {
          rssGrowthMB: (peak - baseline) / MiB,
          zipBytes: prepared.size,
          entries: prepared.count,
          freezeSeconds,
          downloadMBs: got.bytes / MiB / got.seconds,
        };
      } finally {
        clearInterval(sampler);
      }
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
