/** Props of {@link Avatar}. */
export interface AvatarProps {
  name: string;
  /** Fallback initial source when the name is empty (the e-mail address). */
  fallback: string;
  pictureUrl: string | null;
  size?: number;
}

/** The profile picture, or the first letter of the name on a colour derived from it (spec 000 §2). Decorative. */
export function Avatar({ name, fallback, pictureUrl, size = 32 }: AvatarProps) {
  const label = name.trim() || fallback.trim();
  if (pictureUrl) {
    return <img className="avatar" src={pictureUrl} alt="" width={size} height={size} />;
  }
  const initial = Array.from(label)[0]?.toLocaleUpperCase() ?? '?';
  return (
    <span
      className="avatar avatar--initial"
      style={{ width: size, height: size, fontSize: size * 0.45, backgroundColor: avatarColor(label) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

const AVATAR_COLORS = [
  '#1a73e8',
  '#188038',
  '#d93025',
  '#e37400',
  '#9334e6',
  '#007b83',
  '#c5221f',
  '#3c4043',
];

/** A stable colour per name, so the same person keeps the same avatar colour. */
export function avatarColor(label: string): string {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? '#1a73e8';
}
