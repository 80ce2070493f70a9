import type { WebhookDelivery, WebhookEndpoint } from '../db/records.ts';

/** An endpoint as the API and the portal show it: never its secret (shown once, by presentEndpointWithSecret). */
export function presentWebhookEndpoint(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.publicId,
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.eventTypes],
    create_time: endpoint.createdAt,
  };
}

/** A new endpoint, or one whose secret was just rotated: the secret, this once; after a rotation, until when the previous one still signs. */
export function presentEndpointWithSecret(endpoint: WebhookEndpoint, secret: string) {
  return { ...presentWebhookEndpoint(endpoint), secret, previous_secret_expires_time: endpoint.previousSecretExpiresAt };
}

export function presentWebhookDelivery(delivery: WebhookDelivery) {
  return {
    event_id: delivery.eventPublicId,
    event_type: delivery.eventType,
    state: delivery.state,
    attempts: delivery.attempts,
    last_status: delivery.lastStatus,
    last_error: delivery.lastError,
    last_attempt_time: delivery.lastAttemptAt,
    next_attempt_time: delivery.nextAttemptAt,
    delivered_time: delivery.deliveredAt,
    create_time: delivery.createdAt,
  };
}
