// GET /store/scrolls/{uuid}/certificate.pdf|png|docx: the scroll's
// certificate, the one stored file the API's mezuzah-certificate names.
import type { FastifyInstance } from 'fastify';
import { issueCertificate } from '../../../../domain/issue-certificate.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { sendErrorPage } from '../../respond.ts';
import { signedInOf } from '../../session.ts';
import { storePage, type ScrollParams } from './access.ts';

const certificateFormats = {
  pdf: 'application/pdf',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export function scrollCertificatePages(app: FastifyInstance, deps: AppDeps): void {
  for (const format of Object.keys(certificateFormats) as (keyof typeof certificateFormats)[]) {
    app.get<ScrollParams>(`/store/scrolls/:uuid/certificate.${format}`, storePage(deps, 30), async (request, reply) => {
      const outcome = await issueCertificate(deps, signedInOf(request).account, request.params.uuid);
      if (!outcome.ok) return sendErrorPage(request, reply, 404);
      const key = { pdf: outcome.value.pdfKey, png: outcome.value.pngKey, docx: outcome.value.docxKey }[format];
      const file = key === null ? null : await deps.files.open(key);
      if (file === null) return sendErrorPage(request, reply, 404);
      // The uuid matched a stored scroll exactly, so it is safe in a header.
      return reply
        .header('Content-Type', certificateFormats[format])
        .header('Content-Length', file.size)
        .header('Content-Disposition', `attachment; filename="mezuzah-certificate-${request.params.uuid}.${format}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    });
  }
}
