// heic-decode ships no types; this is the part of its API the engine uses.
declare module 'heic-decode' {
  const decode: (options: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  export default decode;
}
