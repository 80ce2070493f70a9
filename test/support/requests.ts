// Request builders shared by the API tests.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipartForm, type FormFile } from './multipart.ts';

export function storeGet(app: FastifyInstance, key: string | undefined, url: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: key === undefined ? {} : { 'x-api-key': key } });
}

/** The store's credit balance, as the API reports it. */
export async function creditBalance(app: FastifyInstance, key: string): Promise<number> {
  return (await storeGet(app, key, '/api/v1/store/credits')).json().credits;
}

export function sell(
  app: FastifyInstance,
  key: string,
  scrollUuid: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1/store/sell-mezuzah/${scrollUuid}`,
    headers: { 'x-api-key': key },
    payload: body,
  });
}

export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | FormFile | undefined>,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const form = multipartForm(fields);
  return app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers }, remoteAddress });
}

export type RegistrationFields = {
  readonly photo: Uint8Array;
  readonly sofer: string;
  readonly megiah: string;
} & Partial<Record<'writtendate' | 'examinateddate' | 'font' | 'size' | 'note' | 'owner_uuid', string>>;

export function register(app: FastifyInstance, key: string, fields: RegistrationFields): Promise<LightMyRequestResponse> {
  const { photo, ...text } = fields;
  return postForm(
    app,
    '/api/v1/store/register-mezuzah',
    { writtendate: '2024-01-10', examinateddate: '2024-02-20', font: 'Beit Yosef', size: '12 cm', ...text, mezuzah: { data: photo } },
    { 'x-api-key': key },
  );
}
