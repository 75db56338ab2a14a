/** Types for heic-decode 2 (it ships none). It is CommonJS: the export is the decode function. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel, rows top to bottom, after the file's rotation and mirroring. */
    data: Uint8ClampedArray<ArrayBuffer>;
  }
  interface ImageHandle {
    /** Known from the container before any pixel is decoded. */
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface DecodeInput {
    buffer: Uint8Array;
  }
  interface HeicDecode {
    (input: DecodeInput): Promise<DecodedImage>;
    /** Parses the container only; call `dispose` once done with the handles. */
    all(input: DecodeInput): Promise<ImageHandle[] & { dispose(): void }>;
  }
  const decode: HeicDecode;
  export = decode;
}
