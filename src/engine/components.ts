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
  const parent: number[] = [0];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    if (ra < rb) {
      parent[rb] = ra;
      return ra;
    }
    parent[ra] = rb;
    return rb;
  };
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
        if (x > 0 && labels[up - 1]) label = label ? union(label, labels[up - 1]) : labels[up - 1];
        if (labels[up]) label = label ? union(label, labels[up]) : labels[up];
        if (x + 1 < width && labels[up + 1]) label = label ? union(label, labels[up + 1]) : labels[up + 1];
      }
      if (!label) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const index = new Int32Array(parent.length).fill(-1);
  const blobs: Blob[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = labels[row + x];
      if (!l) continue;
      const root = find(l);
      let k = index[root];
      if (k < 0) {
        k = index[root] = blobs.length;
        blobs.push({ area: 0, minX: x, minY: y, maxX: x, maxY: y, cx: 0, cy: 0 });
      }
      labels[row + x] = k + 1;
      const b = blobs[k];
      b.area++;
      b.cx += x;
      b.cy += y;
      if (x < b.minX) b.minX = x;
      if (x > b.maxX) b.maxX = x;
      if (y > b.maxY) b.maxY = y;
    }
  }
  for (const b of blobs) {
    b.cx /= b.area;
    b.cy /= b.area;
  }
  // labels now hold 1 + the blob's index (0 = background).
  return { blobs, labels };
}
