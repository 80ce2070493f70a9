// A finding of a scroll's text check, enlarged (domain/crop-text-finding.ts),
// as the store's page and the megiah's review show it: one JPEG per place, cut
// from the private registration photo for whoever may see that photo.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cropTextFinding } from '../../domain/crop-text-finding.ts';
import type { AppDeps } from '../app-deps.ts';
import { sendFile } from '../send-file.ts';
import { sendErrorPage } from './respond.ts';
import { signedInOf } from './session.ts';

/** A page shows up to MAX_FINDINGS_ENLARGED of them at once (pictures/finding-pictures.ts), several pages a minute. */
export const FINDING_CROPS_PER_MINUTE = 300;

export type FindingCropParams = { Params: { uuid: string; finding: string } };

/**
 * Answers `GET …/{uuid}/text-check/{finding}.jpg` for the signed-in account:
 * another store's or another megiah's scroll is 404 like an unknown one (a
 * page does not confirm that a uuid exists), as is a finding the check does
 * not hold. The picture is of a private photo: no copy is kept anywhere.
 */
export async function sendFindingCrop(deps: AppDeps, request: FastifyRequest<FindingCropParams>, reply: FastifyReply) {
  const { uuid, finding } = request.params;
  if (!/^[1-9][0-9]{0,5}$/.test(finding)) return sendErrorPage(request, reply, 404);
  const outcome = await cropTextFinding(deps, signedInOf(request).account, uuid, Number(finding));
  if (!outcome.ok || outcome.value === null) return sendErrorPage(request, reply, 404);
  // The uuid matched a stored scroll exactly, so it is safe in a header.
  const disposition = { as: 'inline', name: `text-check-${uuid.toLowerCase()}-${finding}` } as const;
  return sendFile(reply, { format: 'jpg', body: Buffer.from(outcome.value), cache: 'private', disposition });
}
