/** Where a `trove admin` command writes and reads (the terminal, or a test's buffers). */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  readFile(file: string): string;
}
