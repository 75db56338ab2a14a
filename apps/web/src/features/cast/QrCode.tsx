import { encode } from 'uqr';
import { useMemo } from 'react';

/**
 * A QR code of `text` drawn as SVG squares (uqr, MIT: a small, dependency-free encoder): one
 * path, crisp at any size. `label` names it for assistive technology.
 */
export function QrCode({ text, label, size }: { text: string; label: string; size: number }) {
  const { path, width } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${String(x)} ${String(y)}h1v1h-1z`;
      });
    });
    return { path: d, width: qr.data.length };
  }, [text]);
  return (
    <svg
      className="tv-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${String(width)} ${String(width)}`}
      shapeRendering="crispEdges"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
