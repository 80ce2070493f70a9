// buildApp(deps): every Fastify option, plugin and route in one place.
// Production (main.ts) and the tests build exactly this app; only deps differ.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { fail, httpStatusOf, type ErrorCode } from './errors.ts';
import type { AppDeps } from './http/app-deps.ts';
import { openapiOptions } from './http/openapi.ts';
import { componentSchemas } from './http/components.ts';
import { buildValidators } from './http/validator-compilers.ts';
import { publicCors } from './http/cors.ts';
import { endStalledClientsOnClose } from './http/drain-stalled.ts';
import { keepIdempotentAnswers } from './http/idempotency.ts';
import { replyFailure } from './http/reply-failure.ts';
import { RequestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { qrPageRoute } from './http/pages/qr-page.ts';
import { portal } from './http/portal/portal.ts';
import { sendErrorPage } from './http/portal/respond.ts';
import { checkMezuzahRoute } from './http/routes/v1/public/check-mezuzah.ts';
import { compareMezuzotRoute } from './http/routes/v1/public/compare-mezuzot.ts';
import { scanQrcodeRoute } from './http/routes/v1/public/scan-qrcode.ts';
import { textCheckRoute } from './http/routes/v1/public/text-check.ts';
import { rejectMezuzahRoute } from './http/routes/v1/megiah/reject-mezuzah.ts';
import { verifyMezuzahRoute } from './http/routes/v1/megiah/verify-mezuzah.ts';
import { docsRoute } from './http/routes/v1/docs.ts';
import { openapiRoute } from './http/routes/v1/openapi.ts';
import { creditsRoute } from './http/routes/v1/store/credits.ts';
import { inventoryRoute } from './http/routes/v1/store/inventory.ts';
import { mezuzahCertificateRoute } from './http/routes/v1/store/mezuzah-certificate.ts';
import { mezuzahStickerSheetRoute } from './http/routes/v1/store/mezuzah-sticker-sheet.ts';
import { mezuzahStickerRoute } from './http/routes/v1/store/mezuzah-sticker.ts';
import { mezuzahTextCheckRoute } from './http/routes/v1/store/mezuzah-text-check.ts';
import { mezuzahRoute } from './http/routes/v1/store/mezuzah.ts';
import { registerMezuzahRoute } from './http/routes/v1/store/register-mezuzah.ts';
import { salesHistoryRoute } from './http/routes/v1/store/sales-history.ts';
import { sellMezuzahRoute } from './http/routes/v1/store/sell-mezuzah.ts';
import { sofersMegiahsLookupRoute } from './http/routes/v1/store/sofers-megiahs-lookup.ts';
import { sofersMegiahsRoute } from './http/routes/v1/store/sofers-megiahs.ts';
import { creditsLowThresholdRoutes } from './http/routes/v1/store/credits-low-threshold.ts';
import { webhookEndpointDeleteRoute } from './http/routes/v1/store/webhook-endpoint-delete.ts';
import { webhookEndpointDeliveriesRoute } from './http/routes/v1/store/webhook-endpoint-deliveries.ts';
import { webhookEndpointRotateSecretRoute } from './http/routes/v1/store/webhook-endpoint-rotate-secret.ts';
import { webhookEndpointTestEventRoute } from './http/routes/v1/store/webhook-endpoint-test-event.ts';
import { webhookEndpointsCreateRoute } from './http/routes/v1/store/webhook-endpoints-create.ts';
import { webhookEndpointsRoute } from './http/routes/v1/store/webhook-endpoints.ts';
import { healthRoutes } from './http/routes/health.ts';
import { metricsRoute } from './http/routes/metrics.ts';
import { measureRequests } from './http/request-metrics.ts';
import { staticFilesRoute } from './http/routes/static-files.ts';

/** JSON bodies (the sale) are small; uploads go through multipart with their own limits. */
const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const routes: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  checkMezuzahRoute,
  compareMezuzotRoute,
  scanQrcodeRoute,
  textCheckRoute,
  registerMezuzahRoute,
  inventoryRoute,
  mezuzahRoute,
  mezuzahCertificateRoute,
  mezuzahStickerRoute,
  mezuzahStickerSheetRoute,
  mezuzahTextCheckRoute,
  sellMezuzahRoute,
  salesHistoryRoute,
  creditsRoute,
  sofersMegiahsRoute,
  sofersMegiahsLookupRoute,
  webhookEndpointsRoute,
  webhookEndpointsCreateRoute,
  webhookEndpointDeleteRoute,
  webhookEndpointRotateSecretRoute,
  webhookEndpointTestEventRoute,
  webhookEndpointDeliveriesRoute,
  creditsLowThresholdRoutes,
  verifyMezuzahRoute,
  rejectMezuzahRoute,
  staticFilesRoute,
  qrPageRoute,
  healthRoutes,
  metricsRoute,
];

/** How often Node looks for requests past their headers or request timeout; its default (30 s) would let a timeout overrun by that much. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;

/** Fastify's own limit on one path parameter (its default), named for the message that cites it. */
const MAX_PARAM_LENGTH = 100;

/** What the router refuses before any route is chosen, in the API's words (any other refusal keeps Fastify's message). */
const ROUTER_REFUSALS: Readonly<Record<string, string>> = {
  FST_ERR_MAX_PARAM_LENGTH: `A path segment is longer than ${MAX_PARAM_LENGTH} characters; no id or code is that long.`,
  FST_ERR_BAD_URL: 'The path is not valid: a percent sign must start an escape of two hexadecimal digits.',
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.logger === true ? 'info' : deps.logger.level },
    // One log line a request rather than Fastify's two (http/request-log.ts).
    logController: new RequestLog(deps.requestLogSample),
    // Only the listed proxies may set the client address through X-Forwarded-For.
    trustProxy: deps.trustProxy.length > 0 ? [...deps.trustProxy] : false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A client that sends slowly or not at all is cut off rather than holding a socket and its buffers.
    requestTimeout: deps.timeouts.requestMs,
    connectionTimeout: deps.timeouts.idleMs,
    http: { headersTimeout: deps.timeouts.headersMs, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
    // On close, idle keep-alive sockets are dropped at once; in-flight requests finish.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Bodies validated as sent, query integers read from their digits (validator-compilers.ts).
    schemaController: buildValidators(),
    // The router's own refusals, before any route is chosen (and before any hook:
    // no cookies, so no page in the visitor's language), in the API's error body
    // rather than Fastify's.
    // Fastify logs no completion for these (they bypass the routes' lifecycle): their one line is written here.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ req: request, res: { statusCode: 400 }, err: error }, 'request refused by the router');
      return replyFailure(reply, fail('invalid_request', ROUTER_REFUSALS[error.code] ?? error.message));
    },
  });

  securityHeaders(app);
  await publicCors(app, deps.corsOrigins);
  await app.register(swagger, openapiOptions(deps.publicBaseUrl));
  for (const schema of componentSchemas) app.addSchema(schema);
  await app.register(multipart);
  // Parsed for every request, so that a browser's 404 page knows its language; only the portal reads sessions.
  await app.register(cookie);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, msg } = classify(error);
    if (httpStatusOf(code) < 500) return replyFailure(reply, fail(code, msg));
    // 5xx details stay in the log; the client sees only the registry's message.
    request.log.error({ err: error }, 'request failed');
    return replyFailure(reply, fail(code));
  });
  app.setNotFoundHandler((request, reply) => {
    // People get a page; programs (and everything under /api/) get the API's JSON error.
    if (!request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')) return sendErrorPage(request, reply, 404);
    return replyFailure(reply, fail('route_not_found', `No endpoint ${request.method} ${request.url.split('?')[0]}.`));
  });

  // An answer given before the body was read (a refusal: 429, 401, 413, 503) closes the
  // connection, rather than letting Node read and discard the rest of a body the client may trickle.
  // (Hooks run on every request are callbacks rather than async functions: no promise each.)
  app.addHook('onSend', function closeIfBodyUnread(request, reply, payload, done) {
    if (!request.raw.complete) reply.header('Connection', 'close');
    done(null, payload);
  });
  endStalledClientsOnClose(app);
  measureRequests(app, deps.metrics);
  keepIdempotentAnswers(app, deps);
  for (const route of routes) route(app, deps);
  openapiRoute(app);
  await docsRoute(app);
  await portal(app, deps);
  return app;
}

function classify(error: FastifyError): { code: ErrorCode; msg: string } {
  if (error.validation !== undefined && error.validation.length > 0) {
    // A choice (`oneOf`) fails with each branch's error first; the choice itself says what to do.
    const choice = error.validation.find((failure) => failure.keyword === 'oneOf');
    if (choice !== undefined) return { code: 'invalid_request', msg: `${where(choice, error)} must hold exactly one of ${namesOf(choice)}.` };
    const [first] = error.validation;
    const params = first.params as { missingProperty?: string; additionalProperty?: string };
    const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = [path, params.missingProperty].filter((part) => part !== undefined && part !== '').join('.');
    if (params.missingProperty !== undefined) return { code: 'invalid_request', msg: `${field} is required.` };
    return { code: 'invalid_request', msg: `${field === '' ? where(first, error) : field} ${first.message ?? 'is invalid'}.` };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { code: 'too_large', msg: 'The request body is too large.' };
  if (status === 415) return { code: 'invalid_request', msg: 'Unsupported Content-Type for this endpoint.' };
  if (status >= 400 && status < 500) return { code: 'invalid_request', msg: error.message };
  return { code: 'internal_error', msg: '' };
}

type ValidationFailure = NonNullable<FastifyError['validation']>[number];

/** The object a failure is about: its path in the body or query, or the part itself (`body`). */
function where(failure: ValidationFailure, error: FastifyError): string {
  const path = failure.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? (error.validationContext ?? 'request') : path;
}

/** The fields a `oneOf` of `required` branches chooses between (the failure carries its schema: `verbose`, validator-compilers.ts). */
function namesOf(choice: ValidationFailure): string {
  const branches = ((choice as { schema?: unknown }).schema ?? []) as readonly { required?: readonly string[] }[];
  const names = branches.flatMap((branch) => branch.required ?? []);
  return names.length > 0 ? names.join(' and ') : 'the choices its schema lists';
}
