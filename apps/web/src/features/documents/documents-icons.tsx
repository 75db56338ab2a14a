/** Icons only the documents screen draws, kept out of ui/icons.tsx so the entry chunk does not carry them. */
const PATHS = {
  download: 'M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z',
  upload: 'M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z',
} as const;

/** A decorative documents-screen icon; the control around it carries the accessible name. */
export function DocumentsIcon({ name, size = 24 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
