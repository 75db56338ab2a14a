/**
 * The value of one sample in Prometheus text: the metric `name` with exactly `labels`;
 * undefined when there is no such sample.
 */
export function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
    );
    if (got.size === wanted.length && wanted.every(([key, value]) => got.get(key) === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** Every label set of `name`'s samples, e.g. to see which routes were recorded. */
export function labelsOf(text: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    found.push(
      Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
      ),
    );
  }
  return found;
}
