// A scroll's fingerprint: the measured ends of the words of its text, each keyed
// by its place in the text and normalised into the canonical page frame. Being
// keyed, two fingerprints are compared point for point with no search for
// correspondences. Serialised little-endian:
//   'M' 'Z' version:u8 reserved:u8 count:u16 then count × (key:u16 x:f32 y:f32)

export const FINGERPRINT_VERSION = 1;
const HEADER = 6;
const RECORD = 10;

export type ScrollPoints = {
  readonly keys: Uint16Array;
  readonly xs: Float32Array;
  readonly ys: Float32Array;
};

export function encodeFingerprint(points: ScrollPoints): Uint8Array {
  const n = points.keys.length;
  const out = new Uint8Array(HEADER + RECORD * n);
  const view = new DataView(out.buffer);
  out[0] = 0x4d;
  out[1] = 0x5a;
  out[2] = FINGERPRINT_VERSION;
  view.setUint16(4, n, true);
  for (let i = 0; i < n; i++) {
    const o = HEADER + RECORD * i;
    view.setUint16(o, points.keys[i], true);
    view.setFloat32(o + 2, points.xs[i], true);
    view.setFloat32(o + 6, points.ys[i], true);
  }
  return out;
}

export class InvalidFingerprintError extends Error {
  override readonly name = 'InvalidFingerprintError';
}

export function decodeFingerprint(bytes: Uint8Array): ScrollPoints {
  const n = fingerprintLength(bytes);
  const points = { keys: new Uint16Array(n), xs: new Float32Array(n), ys: new Float32Array(n) };
  readWordEnds(bytes, n, points);
  return points;
}

/** How many word ends a fingerprint holds; throws when it is not a well-formed fingerprint. */
export function fingerprintLength(bytes: Uint8Array): number {
  if (bytes.length < HEADER || bytes[0] !== 0x4d || bytes[1] !== 0x5a) throw new InvalidFingerprintError('not a scroll fingerprint');
  if (bytes[2] !== FINGERPRINT_VERSION) throw new InvalidFingerprintError(`fingerprint version ${bytes[2]} is not supported`);
  const n = bytes[4] | (bytes[5] << 8);
  if (bytes.length !== HEADER + RECORD * n) throw new InvalidFingerprintError('truncated fingerprint');
  return n;
}

/**
 * Reads the `n` word ends (as fingerprintLength returned) of a fingerprint into
 * arrays at least that long: lets a bulk load reuse one set of arrays.
 */
export function readWordEnds(bytes: Uint8Array, n: number, into: ScrollPoints): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { keys, xs, ys } = into;
  for (let i = 0; i < n; i++) {
    const o = HEADER + RECORD * i;
    keys[i] = view.getUint16(o, true);
    xs[i] = view.getFloat32(o + 2, true);
    ys[i] = view.getFloat32(o + 6, true);
  }
}
