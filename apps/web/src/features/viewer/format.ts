/** How the metadata panel writes sizes and camera values; the words around them are messages. */

/** Exposure time the way cameras write it: 1/250 s below a second, 2 s or 0.5 s otherwise. */
export function exposureText(seconds: number): string {
  if (seconds > 0 && seconds < 1) {
    const denominator = Math.round(1 / seconds);
    // 1/3 s is 0.333…; 0.4 s is not a clean fraction and reads better as a decimal.
    if (Math.abs(1 / denominator - seconds) / seconds < 0.05) return `1/${String(denominator)} s`;
  }
  return `${String(Number(seconds.toPrecision(3)))} s`;
}

/** The camera line: make and model, without the make twice ("Canon" + "Canon EOS R5"). */
export function cameraText(make: string | undefined, model: string | undefined): string | undefined {
  const m = make?.trim();
  const n = model?.trim();
  if (!m) return n || undefined;
  if (!n) return m;
  return n.toLowerCase().startsWith(m.toLowerCase()) ? n : `${m} ${n}`;
}

/** WGS 84 degrees as "59.91273° N, 10.74609° E". */
export function coordinatesText(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(5)}° ${value < 0 ? negative : positive}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/** An OpenStreetMap link centred on the place, for the "Show on map" link. */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** A video's length as m:ss or h:mm:ss. */
export function durationText(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${s}` : `${String(m)}:${s}`;
}
