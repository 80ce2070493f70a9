// GET /megiah/scrolls/{uuid}/text-check/{finding}.jpg: one place the text
// check points at, enlarged from the registration photo, for the megiah the
// scroll names and no one else (domain/crop-text-finding.ts).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { sendFindingCrop, type FindingCropParams } from '../../send-finding-crop.ts';
import { megiahPicture } from './access.ts';

export function megiahTextFindingPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<FindingCropParams>('/megiah/scrolls/:uuid/text-check/:finding.jpg', megiahPicture(deps), (request, reply) =>
    sendFindingCrop(deps, request, reply),
  );
}
