import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';

/**
 * Writes a file through a temporary sibling and a rename, so `outputPath` either holds the
 * complete result or does not exist: a failed, killed or timed-out writer leaves nothing
 * half-written behind (architecture principle 4).
 */
export async function writeAtomically<T>(
  outputPath: string,
  write: (tempPath: string) => Promise<T>,
): Promise<T> {
  const tempPath = `${outputPath}.${randomUUID()}.tmp`;
  try {
    const result = await write(tempPath);
    await rename(tempPath, outputPath);
    return result;
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}
