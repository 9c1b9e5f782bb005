// heic-convert ships no types; the call the conversion job makes.
declare module 'heic-convert' {
  function convert(options: {
    buffer: ArrayBufferLike | Uint8Array;
    format: 'JPEG' | 'PNG';
    quality?: number;
  }): Promise<ArrayBuffer>;
  export default convert;
}
