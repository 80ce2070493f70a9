import type { FastifyInstance } from 'fastify';
import { issueCertificate } from '../../../../domain/issue-certificate.ts';
import { presentCertificateUrls } from '../../../../presenters/certificate-urls.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rateLimit } from '../../../rate-limit/rate-limit.ts';
import { replyFailure } from '../../../reply-failure.ts';
import { example } from '../../../examples.ts';
import { errorResponses, refTo, relativeUrl, scrollUuidParams, storeSecurity } from '../../../schemas.ts';
import { requireStore, storeOf } from '../../../store-auth.ts';

export const certificateUrlsSchema = {
  $id: 'CertificateUrls',
  type: 'object',
  description: 'Spec §2.5; every non-empty URL names an existing file.',
  required: ['pdf_url', 'doc_url', 'img_url'],
  properties: {
    pdf_url: relativeUrl('The certificate as PDF.'),
    doc_url: relativeUrl('The certificate as DOCX, or empty string while none is produced.'),
    img_url: relativeUrl('The certificate as a PNG image.'),
  },
  examples: [{ pdf_url: `${example.certificateBase}.pdf`, doc_url: `${example.certificateBase}.docx`, img_url: `${example.certificateBase}.png` }],
} as const;

export function mezuzahCertificateRoute(app: FastifyInstance, deps: AppDeps): void {
  app.route<{ Params: { uuid: string } }>({
    method: 'GET',
    url: '/api/v1/store/mezuzah-certificate/:uuid',
    schema: {
      tags: ['store'],
      operationId: 'getMezuzahCertificate',
      summary: "URLs of a scroll's certificate",
      description:
        "Issues the certificate on first request and stores it; later requests return the same files until a fact it states changes (for example verification), when it is reissued under new URLs. Errors as for the single-scroll read: 403 another owner's scroll, 404 unknown. Rate limit: 30 per minute per key.",
      security: storeSecurity,
      params: scrollUuidParams,
      response: {
        200: refTo(certificateUrlsSchema, "The certificate's files."),
        ...errorResponses(['unauthorized', 'forbidden', 'scroll_not_owned', 'scroll_not_found']),
      },
    },
    // Rate limit first, so unauthenticated floods are limited too; auth before any body is read.
    onRequest: [rateLimit(deps, { perMinute: 30, per: 'key' }), requireStore(deps)],
    handler: async (request, reply) => {
      const outcome = await issueCertificate(deps, storeOf(request), request.params.uuid);
      if (!outcome.ok) return replyFailure(reply, outcome);
      return presentCertificateUrls(outcome.value);
    },
  });
}
