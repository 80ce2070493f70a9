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
 * 8-connected components of a binary mask, by two-pass labelling with a
 * union-find over provisional labels.
 */
export function connectedComponents(mask: Uint8Array, width: number, height: number): { blobs: Blob[]; labels: Int32Array } {
  const labels = new Int32Array(width * height);
  let parent = new Int32Array(1024);
  let count = 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (!mask[i]) continue;
      let label = 0;
      // Already-visited neighbours: W, NW, N, NE.
      if (x > 0 && labels[i - 1]) label = labels[i - 1];
      if (y > 0) {
        const up = i - width;
        if (x > 0 && labels[up - 1]) label = label ? union(parent, label, labels[up - 1]) : labels[up - 1];
        if (labels[up]) label = label ? union(parent, label, labels[up]) : labels[up];
        if (x + 1 < width && labels[up + 1]) label = label ? union(parent, label, labels[up + 1]) : labels[up + 1];
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
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = labels[row + x];
      if (!l) continue;
      const root = parent[l];
      let k = index[root];
      if (k < 0) {
        k = index[root] = blobCount++;
        minX[k] = maxX[k] = x;
        minY[k] = maxY[k] = y;
      }
      labels[row + x] = k + 1;
      area[k]++;
      sumX[k] += x;
      sumY[k] += y;
      if (x < minX[k]) minX[k] = x;
      if (x > maxX[k]) maxX[k] = x;
      maxY[k] = y;
    }
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
