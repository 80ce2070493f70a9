// What the megiah's pages share: who may open them, and their rate limits.
import type { AppDeps } from '../../../app-deps.ts';
import { signedInForm, signedInPage } from '../../page-options.ts';
import { FINDING_CROPS_PER_MINUTE } from '../../send-finding-crop.ts';

const MEGIAHS = ['megiah'] as const;

/** A page of the megiah's, counted per session. */
export const megiahPage = (deps: AppDeps) => signedInPage(deps, 120, MEGIAHS);

/** A decision: a confirmation, several, or a rejection. */
export const megiahForm = (deps: AppDeps) => signedInForm(deps, 30, MEGIAHS);

/** A place of a scroll's text check, enlarged: a review page shows many at once. */
export const megiahPicture = (deps: AppDeps) => signedInPage(deps, FINDING_CROPS_PER_MINUTE, MEGIAHS);
