// What the check pages share: open to visitors and to every signed-in role,
// counted per IP, and a photo upload spending from the API's own count.
import type { AppDeps } from '../../../app-deps.ts';
import { refuseCrossSite } from '../../page-guards.ts';
import { publicPage } from '../../page-options.ts';
import { pageRateLimit } from '../../page-rate-limit.ts';
import { sendErrorPage } from '../../respond.ts';

/** The API's limit for check-mezuzah and compare-mezuzot, per IP (spec §8). */
const UPLOADS_PER_MINUTE = 10;
const PAGE_VIEWS_PER_MINUTE = 120;

/** A page of the check (a form, an answer). */
export function checkPage(deps: AppDeps) {
  return publicPage(deps, PAGE_VIEWS_PER_MINUTE);
}

/**
 * A form that uploads `files` photos. `bucket` is the API route's own count
 * (`${method} ${url}`, see rate-limit.ts): a page submission spends from the
 * same count as an API call from that IP, so the pages are no way around the
 * API's limit. The CSRF token travels inside the multipart body, so the
 * handler checks it once the form is read.
 */
export function checkUpload(deps: AppDeps, bucket: string, files: number) {
  return {
    schema: { hide: true },
    onRequest: [pageRateLimit(deps, { perMinute: UPLOADS_PER_MINUTE, per: 'ip', bucket }), deps.uploads.admit(files, sendErrorPage)],
    preHandler: refuseCrossSite,
  };
}
