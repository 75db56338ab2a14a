/** The value of cookie `name` in a `document.cookie` string, decoded; undefined when absent. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A `document.cookie` assignment that keeps `value` for a year on every path (spec 001 §9 language cookie). */
export function persistentCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
