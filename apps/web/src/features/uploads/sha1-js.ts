/**
 * SHA-1 in plain TypeScript, for where WebAssembly may not be compiled (a Content Security
 * Policy without 'wasm-unsafe-eval', an old browser). About half the speed of hash-wasm
 * (~190 against ~450 MB/s in V8), so it is only the fallback.
 */
export class Sha1 {
  readonly #h = new Int32Array([0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0]);
  readonly #w = new Int32Array(80);
  readonly #tail = new Uint8Array(64);
  #tailLength = 0;
  #length = 0;

  /** Adds bytes. */
  update(data: Uint8Array): void {
    let i = 0;
    this.#length += data.length;
    if (this.#tailLength > 0) {
      const take = Math.min(64 - this.#tailLength, data.length);
      this.#tail.set(data.subarray(0, take), this.#tailLength);
      this.#tailLength += take;
      i = take;
      if (this.#tailLength < 64) return;
      this.#block(this.#tail, 0);
      this.#tailLength = 0;
    }
    for (; i + 64 <= data.length; i += 64) this.#block(data, i);
    if (i < data.length) {
      this.#tail.set(data.subarray(i), 0);
      this.#tailLength = data.length - i;
    }
  }

  /** The hash of everything added, as lowercase hex. */
  digest(): string {
    const bits = this.#length * 8;
    const padding = new Uint8Array((this.#tailLength < 56 ? 56 : 120) - this.#tailLength + 8);
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(padding.length - 4, bits >>> 0);
    this.update(padding);
    return Array.from(this.#h, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
  }

  #block(d: Uint8Array, o: number): void {
    const w = this.#w;
    for (let t = 0; t < 16; t++) {
      const p = o + t * 4;
      w[t] =
        ((d[p] as number) << 24) |
        ((d[p + 1] as number) << 16) |
        ((d[p + 2] as number) << 8) |
        (d[p + 3] as number);
    }
    for (let t = 16; t < 80; t++) {
      const x = (w[t - 3] as number) ^ (w[t - 8] as number) ^ (w[t - 14] as number) ^ (w[t - 16] as number);
      w[t] = (x << 1) | (x >>> 31);
    }
    const h = this.#h;
    let a = h[0] as number;
    let b = h[1] as number;
    let c = h[2] as number;
    let d4 = h[3] as number;
    let e = h[4] as number;
    // The four rounds of FIPS 180-4 §6.1.2, each its own loop so the engine keeps them tight.
    for (let t = 0; t < 20; t++) {
      const next = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d4)) + e + (w[t] as number) + 0x5a827999) | 0;
      e = d4;
      d4 = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (let t = 20; t < 40; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d4) + e + (w[t] as number) + 0x6ed9eba1) | 0;
      e = d4;
      d4 = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (let t = 40; t < 60; t++) {
      const next =
        (((a << 5) | (a >>> 27)) + ((b & c) | (b & d4) | (c & d4)) + e + (w[t] as number) - 0x70e44324) | 0;
      e = d4;
      d4 = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (let t = 60; t < 80; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d4) + e + (w[t] as number) - 0x359d3e2a) | 0;
      e = d4;
      d4 = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h[0] = ((h[0] as number) + a) | 0;
    h[1] = ((h[1] as number) + b) | 0;
    h[2] = ((h[2] as number) + c) | 0;
    h[3] = ((h[3] as number) + d4) | 0;
    h[4] = ((h[4] as number) + e) | 0;
  }
}
