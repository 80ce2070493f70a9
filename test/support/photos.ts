// Small generated photos: a seeded pattern of grey blocks stands for one
// physical scroll; a flat image stands for a photo with no readable text.
import zlib from 'node:zlib';
import sharp from 'sharp';

let nextSeed = 1;

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A PNG unique to `seed` (a fresh seed by default). */
export async function scrollPhoto(seed = nextSeed++ * 7919): Promise<Uint8Array> {
  const random = seededRandom(seed);
  const blocks = 8;
  const size = 128;
  const pixels = Buffer.alloc(size * size * 3);
  const values = Array.from({ length: blocks * blocks }, () => Math.floor(random() * 256));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const value = values[Math.floor(y / (size / blocks)) * blocks + Math.floor(x / (size / blocks))];
      pixels.fill(value, (y * size + x) * 3, (y * size + x) * 3 + 3);
    }
  }
  return new Uint8Array(await sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer());
}

/**
 * A photo for the text check of the engine double (test-engine.ts): a 16×16
 * grid of grey cells, none black and unique to `seed`, with each cell of
 * `marks` ([row, column], 0-based) black: one finding each. Without marks the
 * double finds the text whole. `width` and `height` are multiples of 16.
 */
export async function textPhoto(
  marks: readonly (readonly [row: number, column: number])[] = [],
  options: { readonly seed?: number; readonly width?: number; readonly height?: number } = {},
): Promise<Uint8Array> {
  const random = seededRandom(options.seed ?? nextSeed++ * 7919);
  const width = options.width ?? 128;
  const height = options.height ?? 128;
  const cells = Array.from({ length: 16 * 16 }, () => 96 + Math.floor(random() * 160));
  for (const [row, column] of marks) cells[row * 16 + column] = 0;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = cells[Math.floor((y * 16) / height) * 16 + Math.floor((x * 16) / width)];
      pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer());
}

/** The same scroll photographed again: re-encoded as JPEG and slightly brightened. */
export async function rephotographed(photo: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(photo).modulate({ brightness: 1.03 }).jpeg({ quality: 85 }).toBuffer());
}

export async function blankPhoto(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 230, g: 220, b: 200 } } }).png().toBuffer(),
  );
}

/**
 * A PNG whose header claims `width`×`height` but carries no pixel data: it
 * costs nothing to send and would cost gigabytes to decode.
 */
export function decompressionBomb(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
