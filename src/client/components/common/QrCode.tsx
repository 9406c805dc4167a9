// A QR code drawn as an SVG from the `qrcode` package's matrix: the same library the server draws
// the two-factor code with, so the product carries one QR encoder.
import { useMemo } from 'react';
import QRCode from 'qrcode';

/** The quiet zone around the modules, in modules (scanners want at least two on white). */
const MARGIN = 2;

/** One path of every dark module: `M x y h1 v1 h-1 z` a module, rows joined. */
function modulesPath(value: string): { d: string; side: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (modules.get(x, y)) parts.push(`M${x + MARGIN} ${y + MARGIN}h1v1h-1z`);
    }
  }
  return { d: parts.join(''), side: modules.size + 2 * MARGIN };
}

export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const { d, side } = useMemo(() => modulesPath(value), [value]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
