/** A connected region of ink, with the moments the layout analysis needs. */
export type Blob = {
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  cx: number;
  cy: number;
};

/**
 * 8-connected components of a binary mask (any non-zero byte is ink), by
 * two-pass labelling with a union-find over provisional labels.
 */
export function connectedComponents(mask: Uint8Array, width: number, height: number): { blobs: Blob[]; labels: Int32Array } {
  const n = width * height;
  const labels = new Int32Array(n);
  // Background is most of a page: both passes step over it four pixels at a time.
  const aligned = mask.byteOffset % 4 === 0 ? mask : mask.slice(0, n);
  const quads = new Uint32Array(aligned.buffer, aligned.byteOffset, n >> 2);
  let parent = new Int32Array(1024);
  let count = 1;
  for (let i = 0; i < n; i++) {
    if ((i & 3) === 0 && i + 4 <= n && quads[i >> 2] === 0) {
      i += 3;
      continue;
    }
    if (!aligned[i]) continue;
    const y = (i / width) | 0;
    const x = i - y * width;
    // Already-visited neighbours: W, NW, N, NE. N touches the other three, so
    // when it is ink they are already joined to it; otherwise W and NW touch
    // each other, and only NE can still belong to another component.
    const up = i - width;
    let label = y > 0 ? labels[up] : 0;
    if (!label) {
      if (x > 0) label = labels[i - 1] || (y > 0 ? labels[up - 1] : 0);
      const ne = y > 0 && x + 1 < width ? labels[up + 1] : 0;
      if (ne) label = label ? union(parent, label, ne) : ne;
    }
    if (!label) {
      if (count === parent.length) {
        const grown = new Int32Array(2 * count);
        grown.set(parent);
        parent = grown;
      }
      label = count++;
      parent[label] = label;
    }
    labels[i] = label;
  }
  // Every label's root: a root is never above its members, so one pass in
  // label order resolves each from its parent's, already resolved.
  for (let l = 1; l < count; l++) parent[l] = parent[parent[l]];
  // Blobs are numbered in the order their first pixel is met; their moments
  // gather in typed arrays and become objects at the end.
  const index = new Int32Array(count).fill(-1);
  let blobCount = 0;
  const area = new Int32Array(count);
  const sumX = new Float64Array(count);
  const sumY = new Float64Array(count);
  const minX = new Int32Array(count);
  const minY = new Int32Array(count);
  const maxX = new Int32Array(count);
  const maxY = new Int32Array(count);
  for (let i = 0; i < n; i++) {
    if ((i & 3) === 0 && i + 4 <= n && quads[i >> 2] === 0) {
      i += 3;
      continue;
    }
    const l = labels[i];
    if (!l) continue;
    const y = (i / width) | 0;
    const x = i - y * width;
    const root = parent[l];
    let k = index[root];
    if (k < 0) {
      k = index[root] = blobCount++;
      minX[k] = maxX[k] = x;
      minY[k] = maxY[k] = y;
    }
    labels[i] = k + 1;
    area[k]++;
    sumX[k] += x;
    sumY[k] += y;
    if (x < minX[k]) minX[k] = x;
    if (x > maxX[k]) maxX[k] = x;
    maxY[k] = y;
  }
  const blobs: Blob[] = new Array(blobCount);
  for (let k = 0; k < blobCount; k++) {
    blobs[k] = { area: area[k], minX: minX[k], minY: minY[k], maxX: maxX[k], maxY: maxY[k], cx: sumX[k] / area[k], cy: sumY[k] / area[k] };
  }
  // labels now hold 1 + the blob's index (0 = background).
  return { blobs, labels };
}

/** The root of a provisional label, halving the path on the way. */
function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

/** Joins two provisional labels under the smaller root; returns it. */
function union(parent: Int32Array, a: number, b: number): number {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra === rb) return ra;
  if (ra < rb) {
    parent[rb] = ra;
    return ra;
  }
  parent[ra] = rb;
  return rb;
}
