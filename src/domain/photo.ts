// Scroll photos: the upload-size limit, and how the engine's answers become
// outcomes. Which image formats and sizes are accepted is the engine's one
// policy (engine/photo-format.ts); its refusals arrive here as
// UnsupportedImageError, whose message is written for the client.
import { ACCEPTED_PHOTO_FORMATS, MAX_INPUT_PIXELS } from '../engine/photo-format.ts';
import { EngineBusyError, UnsupportedImageError, type IdentificationEngine } from '../engine/types.ts';
import { fail, succeed, type Outcome } from '../errors.ts';

/** Enforced while the multipart stream is read, before the engine sees a byte. */
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;

/** The whole photo policy in words, for the API's descriptions. */
export const PHOTO_RULES = `${ACCEPTED_PHOTO_FORMATS}; at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB and ${MAX_INPUT_PIXELS / 1e6} megapixels`;

export type ScrollPhoto = { readonly fingerprint: Uint8Array; readonly preview: Uint8Array | undefined };

/**
 * Who sent a photo, for the engine's queue (IdentificationEngine.analyzePhoto):
 * the public's photos by IP address, a store's by its account, whichever key
 * or page it used.
 */
export type Requester = { readonly ip: string } | { readonly store: string };

/** Analyses a photo; engine refusals become outcomes naming the field. */
export async function analyzeUpload(
  engine: IdentificationEngine,
  bytes: Uint8Array,
  field: string,
  options: { readonly preview: boolean; readonly requester: Requester },
): Promise<Outcome<ScrollPhoto, 'invalid_request' | 'invalid_photo' | 'busy'>> {
  if (bytes.length === 0) return fail('invalid_request', `${field}: the file is empty.`);
  const { requester } = options;
  try {
    const analysis = await engine.analyzePhoto(bytes, { preview: options.preview }, 'ip' in requester ? `ip:${requester.ip}` : `store:${requester.store}`);
    if (analysis.kind === 'invalid') return fail('invalid_photo', `${field}: the scroll text cannot be read (${analysis.reason}).`);
    return succeed({ fingerprint: analysis.fingerprint, preview: analysis.preview });
  } catch (error) {
    if (error instanceof UnsupportedImageError) return fail('invalid_request', `${field}: ${error.message}`);
    if (error instanceof EngineBusyError) return fail('busy');
    throw error;
  }
}

/** The engine may also be busy when identifying or comparing; same outcome. */
export async function engineCall<T>(work: () => Promise<T>): Promise<Outcome<T, 'busy'>> {
  try {
    return succeed(await work());
  } catch (error) {
    if (error instanceof EngineBusyError) return fail('busy');
    throw error;
  }
}
