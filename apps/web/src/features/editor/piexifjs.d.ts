/*
 * The part of piexifjs (MIT, no types of its own) the editor uses: EXIF as a dictionary of
 * IFDs, dumped to bytes and put into a JPEG (See: exif.ts).
 */
declare module 'piexifjs' {
  type ExifValue = string | number | number[] | number[][];
  export type ExifDictionary = Record<'0th' | 'Exif' | 'GPS', Record<number, ExifValue>>;
  interface Piexif {
    dump(exif: Partial<ExifDictionary>): string;
    insert(exif: string, jpeg: string): string;
    load(jpeg: string): ExifDictionary;
    TAGS: Record<'Image' | 'Exif' | 'GPS' | 'Interop', Record<number, { name: string; type: string }>>;
    ImageIFD: Record<string, number>;
    ExifIFD: Record<string, number>;
    GPSIFD: Record<string, number>;
  }
  const piexif: Piexif;
  export default piexif;
}
