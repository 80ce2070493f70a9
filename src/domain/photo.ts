// Scroll photos: the upload-size limit, and how the engine's answers become
// outcomes. Which image formats and sizes are accepted is the engine's one
// policy (engine/photo-format.ts); its refusals arrive here as
// UnsupportedImageError, whose message is written for the client.
import { ACCEPTED_PHOTO_FORMATS, MAX_INPUT_PIXELS } from '../engine/photo-format.ts';
import { EngineBusyError, UnsupportedImageError, type IdentificationEngine } from '../engine/types.ts';
import { fail, succeed, type Failure, type Outcome } from '../errors.ts';

/** Enforced while the multipart stream is read, before the engine sees a byte. */
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;

/** The whole photo policy in words, for the API's descriptions. */
export const PHOTO_RULES = `${ACCEPTED_PHOTO_FORMATS}; at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB and ${MAX_INPUT_PIXELS / 1e6} megapixels`;

export type ScrollPhoto = { readonly fingerprint: Uint8Array; readonly preview: Uint8Array | undefined };

/**
 * Who sent a photo, for the engine's queue (IdentificationEngine.analyzePhoto,
 * checkText): the public's photos by IP address, a store's by its account,
 * whichever key or page it used; work the service does for itself after
 * answering (the registration's text check) by that work's name.
 */
export type Requester = { readonly ip: string } | { readonly store: string } | { readonly background: string };

/** The engine queue a requester's photos wait in. */
export function queueOf(requester: Requester): string {
  if ('ip' in requester) return `ip:${requester.ip}`;
  if ('store' in requester) return `store:${requester.store}`;
  return `background:${requester.background}`;
}

/** The engine's refusal of a photo as the outcome naming the field; any other error is not a refusal and is thrown on. */
export function engineRefusal(error: unknown, field: string): Failure<'invalid_request' | 'busy'> {
  if (error instanceof UnsupportedImageError) return fail('invalid_request', `${field}: ${error.message}`);
  if (error instanceof EngineBusyError) return fail('busy');
  throw error;
}

/** Analyses a photo; engine refusals become outcomes naming the field. */
export async function analyzeUpload(
  engine: IdentificationEngine,
  bytes: Uint8Array,
  field: string,
  options: { readonly preview: boolean; readonly requester: Requester },
): Promise<Outcome<ScrollPhoto, 'invalid_request' | 'invalid_photo' | 'busy'>> {
  if (bytes.length === 0) return fail('invalid_request', `${field}: the file is empty.`);
  try {
    const analysis = await engine.analyzePhoto(bytes, { preview: options.preview }, queueOf(options.requester));
    if (analysis.kind === 'invalid') return fail('invalid_photo', `${field}: the scroll text cannot be read (${analysis.reason}).`);
    return succeed({ fingerprint: analysis.fingerprint, preview: analysis.preview });
  } catch (error) {
    return engineRefusal(error, field);
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
