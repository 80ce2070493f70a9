// The shared sample photos (../shared/samples beside the repository), when present.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SAMPLES_DIR = fileURLToPath(new URL('../../../shared/samples/', import.meta.url));
export const haveSamples = existsSync(`${SAMPLES_DIR}manifest.json`);

export type SampleManifest = {
  scrolls: { id: string; scribe: string; reference: string; queries: string[] }[];
  unregistered: { id: string; scribe: string; queries: string[] }[];
  invalid: { path: string; kind: string }[];
};

export const manifest = (): SampleManifest => JSON.parse(readFileSync(`${SAMPLES_DIR}manifest.json`, 'utf8'));
export const samplePhoto = (path: string): Uint8Array => new Uint8Array(readFileSync(`${SAMPLES_DIR}${path}`));
