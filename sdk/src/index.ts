export { MezuzahRegistryClient } from './client.ts';
export type {
  CertificateUrls,
  ClientOptions,
  Comparison,
  CreditBalance,
  DirectoryEntry,
  DirectoryPage,
  ErrorBody,
  MezuzahPage,
  MezuzahRecord,
  PageQuery,
  Photo,
  PublicCheckResult,
  QrResolution,
  Registration,
  RegistrationInput,
  Rejection,
  RejectionRequest,
  Sale,
  SaleInput,
  SalePage,
  SaleRecord,
  StoredTextCheck,
  TextCheckResult,
  TextFinding,
  Verification,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
  WriteOptions,
} from './client.ts';
export { MezuzahSignatureError, verifyWebhook } from './webhooks.ts';
export type { WebhookEvent } from './webhooks.ts';
export { MezuzahApiError, MezuzahConnectionError } from './errors.ts';
export type { RateLimitState } from './transport.ts';
export type { components, operations, paths } from './api.ts';
