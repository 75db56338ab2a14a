import { albumLinkPath, sharePath, type SharedLink } from '@trove/contract';

/**
 * The absolute link of `link` (spec 000 §2 "absolute links are built from origin, path…"):
 * a share's page with the clipboard marker (spec 000 §3 `sc`), or the shared album's page.
 */
export function linkUrl(origin: string, link: Pick<SharedLink, 'kind' | 'id'>): string {
  return `${origin}${link.kind === 'share' ? sharePath(link.id, 'sc') : albumLinkPath(link.id)}`;
}

/** The links of every page loaded so far, in order; a link on two pages shows once. */
export function linksOf(pages: readonly { links: readonly SharedLink[] }[] | undefined): SharedLink[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) =>
    page.links.filter((link) => {
      if (seen.has(link.id)) return false;
      seen.add(link.id);
      return true;
    }),
  );
}
