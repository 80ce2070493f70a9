// The ordered list of migrations. Append only: a released migration never changes.
import type { Dialect } from '../sql.ts';
import * as initial from './001-initial.ts';
import * as portal from './002-portal.ts';
import * as idempotentRequests from './003-idempotent-requests.ts';
import * as megiahDecisions from './004-megiah-decisions.ts';
import * as portalHandoffs from './005-portal-handoffs.ts';
import * as certificateLinks from './006-certificate-links.ts';
import * as scrollTextChecks from './007-scroll-text-checks.ts';
import * as webhooks from './008-webhooks.ts';

export type Migration = { readonly id: string; readonly up: (dialect: Dialect) => string[] };

export const migrations: readonly Migration[] = [
  { id: '001-initial', up: initial.up },
  { id: '002-portal', up: portal.up },
  { id: '003-idempotent-requests', up: idempotentRequests.up },
  { id: '004-megiah-decisions', up: megiahDecisions.up },
  { id: '005-portal-handoffs', up: portalHandoffs.up },
  { id: '006-certificate-links', up: certificateLinks.up },
  { id: '007-scroll-text-checks', up: scrollTextChecks.up },
  { id: '008-webhooks', up: webhooks.up },
];
