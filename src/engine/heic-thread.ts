// A thread that decodes one large HEIC and ends (heic.ts, decodeHeicInOwnThread):
// its libheif's WebAssembly memory, grown to the photo's size, goes with it.
import { parentPort, workerData } from 'node:worker_threads';
import { decodeHeic, type HeicThreadAnswer, type HeicThreadRequest } from './heic.ts';

const request = workerData as HeicThreadRequest;
let answer: HeicThreadAnswer;
try {
  answer = { ok: true, image: await decodeHeic(request.bytes, request.pixels, request.bitsPerSample) };
} catch (error) {
  answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
// The pixels move to the caller rather than being copied.
parentPort!.postMessage(answer, answer.ok ? [answer.image.data.buffer as ArrayBuffer] : []);
