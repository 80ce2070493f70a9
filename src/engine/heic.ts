// HEVC-coded HEIC, the iPhone's default: sharp's prebuilt libvips has no HEVC
// decoder (patents), so these photos are decoded by libheif compiled to
// WebAssembly (the npm package libheif-js). libheif applies the container's
// irot/imir transforms, which is how HEIF records orientation, so the pixels
// come back upright.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DecodeBudget } from './decode-budget.ts';

/** The part of libheif-js's embind API used here (it ships declarations only for its own module paths). */
type HeifResult = { code?: unknown; message?: string };
type HeifChannel = { id: unknown; width: number; height: number; stride: number; bits_per_pixel: number; data: Uint8Array };
type LibHeif = {
  ready: Promise<void>;
  heif_context_alloc(): unknown;
  heif_context_free(context: unknown): void;
  heif_context_read_from_memory(context: unknown, bytes: Uint8Array): HeifResult;
  heif_js_context_get_primary_image_handle(context: unknown): (HeifResult & object) | null;
  heif_image_handle_release(handle: unknown): void;
  heif_js_decode_image2(handle: unknown, colorspace: number, chroma: number): (HeifResult & { image: unknown; channels: HeifChannel[] }) | null;
  heif_image_release(image: unknown): void;
  heif_error_code: { heif_error_Ok: unknown };
  heif_colorspace: { heif_colorspace_YCbCr: number; heif_colorspace_RGB: number };
  heif_chroma: { heif_chroma_420: number; heif_chroma_interleaved_RGBA: number };
  heif_channel: { heif_channel_Y: number; heif_channel_interleaved: number };
};

/** libheif's module factory, loaded with the first HEIC (its WebAssembly comes inlined, a few MB, and most workers never need it). */
let libheifFactory: (() => LibHeif) | undefined;
const createLibheif = (): LibHeif => (libheifFactory ??= createRequire(import.meta.url)('libheif-js/libheif-wasm/libheif-bundle.js') as () => LibHeif)();

/** Decoded pixels, rows packed: one byte a pixel (luma) or four (RGBA). */
export type HeicPixels = { readonly width: number; readonly height: number; readonly channels: 1 | 4; readonly data: Uint8Array };

class HeicDecodeError extends Error {}

/**
 * The primary image of an HEVC-coded HEIC, upright: its luma plane as the
 * HEVC stream codes it (`luma`: no colour conversion, a quarter of the bytes),
 * or RGBA (`rgba`, for a preview in colour). A photo coded in more than eight
 * bits (`bitsPerSample`, from its header; 10-bit HEIC, as some Android phones
 * store photos) comes as RGBA either way: libheif-js cannot hand out a deeper
 * plane ("Invalid typed array length"), and libheif reduces the depth on
 * conversion. The caller reads `channels`.
 *
 * Each photo gets an instance of libheif of its own (about 10 ms to create):
 * WebAssembly memory grows to the largest image decoded and never shrinks,
 * and one shared instance kept it. A worker that had decoded a 48 MP HEIC
 * stayed 450 MB larger from then on. An instance of its own is collected once
 * the next photo's is made (libheif-js keeps the latest reachable till then).
 */
export async function decodeHeic(bytes: Uint8Array, pixels: 'luma' | 'rgba', bitsPerSample: number): Promise<HeicPixels> {
  const heif = createLibheif();
  await heif.ready;
  const mode =
    pixels === 'luma' && bitsPerSample === 8
      ? { colorspace: heif.heif_colorspace.heif_colorspace_YCbCr, chroma: heif.heif_chroma.heif_chroma_420, plane: heif.heif_channel.heif_channel_Y, channels: 1 as const }
      : { colorspace: heif.heif_colorspace.heif_colorspace_RGB, chroma: heif.heif_chroma.heif_chroma_interleaved_RGBA, plane: heif.heif_channel.heif_channel_interleaved, channels: 4 as const };
  const context = heif.heif_context_alloc();
  let handle: unknown = null;
  try {
    const read = heif.heif_context_read_from_memory(context, bytes);
    if (read.code !== heif.heif_error_code.heif_error_Ok) throw new HeicDecodeError(`unreadable HEIF: ${read.message}`);
    handle = heif.heif_js_context_get_primary_image_handle(context);
    if (!handle || (handle as HeifResult).code) throw new HeicDecodeError('no primary image');
    const image = heif.heif_js_decode_image2(handle, mode.colorspace, mode.chroma);
    if (!image || image.code) throw new HeicDecodeError(`undecodable HEVC: ${image?.message}`);
    try {
      const plane = image.channels.find((c) => c.id === mode.plane);
      if (!plane) throw new HeicDecodeError('the decoded image has no such plane');
      return { width: plane.width, height: plane.height, channels: mode.channels, data: packRows(plane, mode.channels) };
    } finally {
      heif.heif_image_release(image.image);
    }
  } finally {
    if (handle) heif.heif_image_handle_release(handle);
    heif.heif_context_free(context);
  }
}

/**
 * HEVC has no reduced-size decode: libheif allocates the whole image, and
 * its WebAssembly memory grows to the largest image decoded. Three bounds:
 *
 * - photo-format.ts refuses HEIF above MAX_HEIF_PIXELS from the header;
 * - a photo larger than IN_THREAD_MAX_PIXELS is decoded in a thread of its
 *   own, which ends with the photo and takes its WebAssembly memory with it
 *   (a 48 MP decode grows it by ~450 MB, which an engine worker would keep);
 *   smaller ones use the worker's own libheif, sparing the ~150 ms a thread
 *   costs to start and load libheif (measured on the 12 MP fixture);
 * - the megapixels being decoded at once are bounded for the whole node by
 *   one DecodeBudget that every engine worker shares (shareHeifDecodeBudget).
 */
const IN_THREAD_MAX_PIXELS = 13_000_000; // a 12 MP phone photo (4032 × 3024) and a little over

/** One photo at the HEIF limit and a 12 MP beside it; the peak of decode memory on a node is about 600 MB (docs/deployment.md). */
export const HEIF_DECODE_BUDGET_MEGAPIXELS = 64;

let decodeBudget = new DecodeBudget(DecodeBudget.share(), HEIF_DECODE_BUDGET_MEGAPIXELS);

/** Called once in each engine worker with the pool's shared budget, so the bound holds across the node's workers. */
export function shareHeifDecodeBudget(shared: SharedArrayBuffer): void {
  decodeBudget = new DecodeBudget(shared, HEIF_DECODE_BUDGET_MEGAPIXELS);
}

/** decodeHeic within the node's bounds: waits for its megapixels in the shared budget, and decodes a large photo in a thread of its own. */
export async function decodeHeicBounded(bytes: Uint8Array, pixels: 'luma' | 'rgba', bitsPerSample: number, imagePixels: number): Promise<HeicPixels> {
  const taken = await decodeBudget.take(imagePixels / 1e6);
  try {
    return imagePixels <= IN_THREAD_MAX_PIXELS ? await decodeHeic(bytes, pixels, bitsPerSample) : await decodeHeicInOwnThread(bytes, pixels, bitsPerSample);
  } finally {
    decodeBudget.give(taken);
  }
}

export type HeicThreadRequest = { readonly bytes: Uint8Array; readonly pixels: 'luma' | 'rgba'; readonly bitsPerSample: number };
export type HeicThreadAnswer = { readonly ok: true; readonly image: HeicPixels } | { readonly ok: false; readonly message: string };

function decodeHeicInOwnThread(bytes: Uint8Array, pixels: 'luma' | 'rgba', bitsPerSample: number): Promise<HeicPixels> {
  return new Promise((resolve, reject) => {
    const request: HeicThreadRequest = { bytes, pixels, bitsPerSample };
    const thread = new Worker(new URL('./heic-thread.ts', import.meta.url), { workerData: request });
    let answered = false;
    thread.once('message', (answer: HeicThreadAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.image);
      else reject(new HeicDecodeError(answer.message));
    });
    thread.once('error', (error) => {
      answered = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!answered) reject(new HeicDecodeError(`the decoding thread exited (${code}) without an answer`));
    });
  });
}

/** The plane's rows without their padding, copied out of the WebAssembly heap. */
function packRows(plane: HeifChannel, channels: number): Uint8Array {
  if (plane.bits_per_pixel !== 8) throw new HeicDecodeError(`a ${plane.bits_per_pixel}-bit plane`);
  const row = plane.width * channels;
  const out = new Uint8Array(row * plane.height);
  for (let y = 0; y < plane.height; y++) out.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
  return out;
}
