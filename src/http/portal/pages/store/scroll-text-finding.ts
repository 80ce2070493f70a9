// GET /store/scrolls/{uuid}/text-check/{finding}.jpg: one place the text check
// of the store's own scroll points at, enlarged from its registration photo.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { FINDING_CROPS_PER_MINUTE, sendFindingCrop, type FindingCropParams } from '../../send-finding-crop.ts';
import { storePage } from './access.ts';

export function storeTextFindingPage(app: FastifyInstance, deps: AppDeps): void {
  app.get<FindingCropParams>('/store/scrolls/:uuid/text-check/:finding.jpg', storePage(deps, FINDING_CROPS_PER_MINUTE), (request, reply) =>
    sendFindingCrop(deps, request, reply),
  );
}
