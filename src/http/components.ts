// The named schemas of the OpenAPI document (`components.schemas`): every
// resource of the spec, its pages, request bodies and error bodies. Each is
// registered once with Fastify under its `$id`; routes refer to it with
// refTo(), so the one schema validates or serialises there and gives
// generated clients a named type. A route that refers to a schema missing
// here fails at start-up.
import { verificationSchema } from './routes/v1/megiah/verify-mezuzah.ts';
import { rejectionRequestSchema, rejectionSchema } from './routes/v1/megiah/reject-mezuzah.ts';
import { publicCheckResultSchema } from './routes/v1/public/check-mezuzah.ts';
import { comparisonSchema } from './routes/v1/public/compare-mezuzot.ts';
import { qrResolutionSchema } from './routes/v1/public/scan-qrcode.ts';
import { textCheckResultSchema } from './routes/v1/public/text-check.ts';
import { creditBalanceSchema } from './routes/v1/store/credits.ts';
import { directoryEntrySchema } from './routes/v1/store/directory-entry-schema.ts';
import { mezuzahPageSchema } from './routes/v1/store/inventory.ts';
import { certificateUrlsSchema } from './routes/v1/store/mezuzah-certificate.ts';
import { stickerSheetRequestSchema } from './routes/v1/store/mezuzah-sticker-sheet.ts';
import { storedTextCheckSchema } from './routes/v1/store/mezuzah-text-check.ts';
import { registrationSchema } from './routes/v1/store/register-mezuzah.ts';
import { salePageSchema, saleRecordSchema } from './routes/v1/store/sales-history.ts';
import { saleRequestSchema, saleSchema } from './routes/v1/store/sell-mezuzah.ts';
import { scrollRecordSchema } from './routes/v1/store/scroll-record-schema.ts';
import { directoryPageSchema } from './routes/v1/store/sofers-megiahs.ts';
import { textFindingSchema, textReadSchema } from './routes/v1/text-check-schema.ts';
import { testEventSentSchema } from './routes/v1/store/webhook-endpoint-test-event.ts';
import {
  lowCreditsThresholdSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEventSchema,
} from './routes/v1/store/webhook-schemas.ts';
import { errorSchema, rateLimitedSchema, statusOnlySchema, type NamedSchema } from './schemas.ts';

export const componentSchemas: readonly NamedSchema[] = [
  // Spec §2, in its order.
  scrollRecordSchema,
  mezuzahPageSchema,
  publicCheckResultSchema,
  comparisonSchema,
  qrResolutionSchema,
  certificateUrlsSchema,
  saleRecordSchema,
  salePageSchema,
  directoryEntrySchema,
  directoryPageSchema,
  creditBalanceSchema,
  // What operations take and answer beyond those.
  registrationSchema,
  saleRequestSchema,
  saleSchema,
  stickerSheetRequestSchema,
  textCheckResultSchema,
  textFindingSchema,
  textReadSchema,
  storedTextCheckSchema,
  verificationSchema,
  rejectionRequestSchema,
  rejectionSchema,
  // Webhooks: the endpoints, their log, and what a receiver gets.
  webhookEndpointSchema,
  webhookEndpointListSchema,
  webhookEndpointRequestSchema,
  webhookEndpointWithSecretSchema,
  webhookDeliverySchema,
  webhookDeliveryPageSchema,
  testEventSentSchema,
  lowCreditsThresholdSchema,
  webhookEventSchema,
  // Errors (spec §7).
  errorSchema,
  rateLimitedSchema,
  statusOnlySchema,
];
