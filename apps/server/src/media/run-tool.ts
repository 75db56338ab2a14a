import { spawn } from 'node:child_process';
import { MediaError, type MediaErrorReason } from './errors.ts';

/** ffmpeg messages that mean the input, not the tool, is at fault. */
const CORRUPT_INPUT =
  /invalid data found|moov atom not found|could not find codec parameters|does not contain any stream|error while decoding|matches no streams|end of file/i;

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** stdout is collected up to this many bytes; 0 ignores it. */
  maxStdoutBytes: number;
  /** Reason for a non-zero exit whose message does not say `corrupt`. */
  failure: MediaErrorReason;
}

/** Runs a tool to completion; kills it (SIGKILL) on timeout, abort or too much output. */
export function runTool(bin: string, args: string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaError('aborted', `${bin} aborted before start`));
      return;
    }
    const child = spawn(bin, args, { stdio: ['ignore', options.maxStdoutBytes ? 'pipe' : 'ignore', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let stopped: MediaError | undefined;
    let settled = false;

    const stop = (error: MediaError) => {
      stopped ??= error;
      child.kill('SIGKILL');
    };
    const settle = (error: MediaError | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolvePromise(Buffer.concat(chunks));
    };
    const onAbort = () => {
      stop(new MediaError('aborted', `${bin} aborted`));
    };
    const timer = setTimeout(() => {
      stop(new MediaError('timeout', `${bin} timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxStdoutBytes) stop(new MediaError('too_large', `${bin} wrote too much output`));
      else chunks.push(chunk);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr = (stderr + text).slice(-4096); // the end says what went wrong
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ENOENT' || error.code === 'EACCES';
      settle(
        new MediaError(missing ? 'tool_missing' : 'tool_failed', `${bin}: ${error.message}`, {
          cause: error,
        }),
      );
    });
    child.on('close', (code) => {
      if (stopped || code === 0) {
        settle(stopped);
        return;
      }
      const detail = stderr.trim().split('\n').slice(-3).join(' | ') || `exit code ${code ?? 'none'}`;
      settle(new MediaError(CORRUPT_INPUT.test(stderr) ? 'corrupt' : options.failure, `${bin}: ${detail}`));
    });
  });
}
