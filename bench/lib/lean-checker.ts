// check-mezuzah requests for the bench's timed loops, made as cheaply as a
// client can make them. The bench shares the machine's cores with the server
// it measures, so whatever the client spends per request is taken from the
// server under two clients: fetch() with a FormData body spent 12–15 ms of CPU
// per 12 MP photo (process.cpuUsage over 24 requests, 2026-11-26), as much as
// the server's event loop. Here each photo's multipart body is encoded once and
// sent with node:http over kept-alive connections: with a 12 MP photo, client
// and a server that only drains the body, in one process, 60 requests each,
// 1.9 ms of CPU a request, against 4.5 ms for fetch() with the same encoded
// body and 7.8 ms with FormData.
import http from 'node:http';
import { multipartForm } from '../../test/support/multipart.ts';

export type PreparedCheck = ReturnType<typeof multipartForm>;

/** The photo as the multipart body of a check-mezuzah request (field `image`). */
export const prepareCheck = (photo: Uint8Array): PreparedCheck => multipartForm({ image: { data: photo, filename: 'photo.jpg', contentType: 'image/jpeg' } });

export type LeanChecker = {
  check(request: PreparedCheck): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): void;
};

export function leanChecker(baseUrl: string): LeanChecker {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const url = new URL('api/v1/public/check-mezuzah', baseUrl);
  return {
    check: ({ payload, headers }) =>
      new Promise((resolve, reject) => {
        const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': payload.byteLength } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
            } catch {
              reject(new Error(`check-mezuzah answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
            }
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(payload);
      }),
    close: () => agent.destroy(),
  };
}
