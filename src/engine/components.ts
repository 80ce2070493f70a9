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
 * labelling runs: each row's runs of ink take the provisional label of the
 * first run of the row above that touches them (overlapping, or meeting at a
 * corner), joining the labels of any other such run (union-find), and the
 * moments are gathered per run. A page's ink is runs a few pixels long, so
 * this does per run what a pixel's labelling did per pixel.
 */
export function connectedComponents(mask: Uint8Array, width: number, height: number): { blobs: Blob[]; labels: Int32Array } {
  const n = width * height;
  const labels = new Int32Array(n);
  // Background is most of a page: runs are sought four pixels at a time.
  const aligned = mask.byteOffset % 4 === 0 ? mask : mask.slice(0, n);
  const quads = new Uint32Array(aligned.buffer, aligned.byteOffset, n >> 2);
  // Every run, row by row: its row, first column, one past its last, label.
  let runRow = new Int32Array(4096);
  let runStart = new Int32Array(4096);
  let runEnd = new Int32Array(4096);
  let runLabel = new Int32Array(4096);
  let runs = 0;
  let parent = new Int32Array(1024);
  let count = 1;
  let above = 0; // the first run of the row above
  for (let y = 0; y < height; y++) {
    const rowStart = y * width;
    const rowEnd = rowStart + width;
    const first = runs;
    let k = above; // the first run above that can still touch a run of this row
    let i = rowStart;
    while (i < rowEnd) {
      if ((i & 3) === 0 && i + 4 <= rowEnd && quads[i >> 2] === 0) {
        i += 4;
        continue;
      }
      if (!aligned[i]) {
        i++;
        continue;
      }
      const x0 = i - rowStart;
      while (i < rowEnd && aligned[i]) i++;
      const x1 = i - rowStart;
      // Runs above ending before x0 − 1 touch neither this run nor any later one.
      while (k < first && runEnd[k] < x0) k++;
      let label = 0;
      for (let j = k; j < first && runStart[j] <= x1; j++) {
        const l = runLabel[j];
        label = label ? union(parent, label, l) : l;
      }
      if (!label) {
        if (count === parent.length) parent = doubled(parent);
        label = count++;
        parent[label] = label;
      }
      if (runs === runRow.length) {
        runRow = doubled(runRow);
        runStart = doubled(runStart);
        runEnd = doubled(runEnd);
        runLabel = doubled(runLabel);
      }
      runRow[runs] = y;
      runStart[runs] = x0;
      runEnd[runs] = x1;
      runLabel[runs] = label;
      runs++;
    }
    above = first;
  }
  // Every label's root: a root is never above its members, so one pass in
  // label order resolves each from its parent's, already resolved.
  for (let l = 1; l < count; l++) parent[l] = parent[parent[l]];
  // Blobs are numbered in the order their first pixel is met (their first
  // run's, runs being in raster order); their moments gather in typed arrays
  // and become objects at the end.
  const index = new Int32Array(count).fill(-1);
  let blobCount = 0;
  const area = new Int32Array(count);
  const sumX = new Float64Array(count);
  const sumY = new Float64Array(count);
  const minX = new Int32Array(count);
  const minY = new Int32Array(count);
  const maxX = new Int32Array(count);
  const maxY = new Int32Array(count);
  for (let r = 0; r < runs; r++) {
    const y = runRow[r];
    const x0 = runStart[r];
    const x1 = runEnd[r];
    const root = parent[runLabel[r]];
    let k = index[root];
    if (k < 0) {
      k = index[root] = blobCount++;
      minX[k] = x0;
      maxX[k] = x1 - 1;
      minY[k] = y;
    }
    const length = x1 - x0;
    labels.fill(k + 1, y * width + x0, y * width + x1);
    area[k] += length;
    sumX[k] += ((x0 + x1 - 1) * length) / 2;
    sumY[k] += y * length;
    if (x0 < minX[k]) minX[k] = x0;
    if (x1 - 1 > maxX[k]) maxX[k] = x1 - 1;
    maxY[k] = y;
  }
  const blobs: Blob[] = new Array(blobCount);
  for (let k = 0; k < blobCount; k++) {
    blobs[k] = { area: area[k], minX: minX[k], minY: minY[k], maxX: maxX[k], maxY: maxY[k], cx: sumX[k] / area[k], cy: sumY[k] / area[k] };
  }
  // labels hold 1 + the blob's index (0 = background).
  return { blobs, labels };
}

/** A copy twice as long, the rest zero. */
function doubled(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
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
