// GET /store/scrolls/{uuid}/certificate.pdf|png|docx: the scroll's
// certificate, the one stored file the API's mezuzah-certificate names.
import type { FastifyInstance } from 'fastify';
import { issueCertificate } from '../../../../domain/issue-certificate.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendFile } from '../../../send-file.ts';
import { sendErrorPage } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { storePage, type ScrollParams } from './access.ts';

export function scrollCertificatePage(app: FastifyInstance, deps: AppDeps): void {
  for (const format of ['pdf', 'png', 'docx'] as const) {
    app.get<ScrollParams>(`/store/scrolls/:uuid/certificate.${format}`, storePage(deps, 30), async (request, reply) => {
      const outcome = await issueCertificate(deps, signedInOf(request).account, request.params.uuid);
      if (!outcome.ok) return sendErrorPage(request, reply, 404);
      const key = { pdf: outcome.value.pdfKey, png: outcome.value.pngKey, docx: outcome.value.docxKey }[format];
      const file = key === null ? null : await deps.files.open(key);
      if (file === null) return sendErrorPage(request, reply, 404);
      // The uuid matched a stored scroll exactly, so it is safe in a header.
      return sendFile(reply, {
        format,
        body: file.stream,
        size: file.size,
        cache: 'private',
        disposition: { as: 'attachment', name: `mezuzah-certificate-${request.params.uuid}` },
      });
    });
  }
}
