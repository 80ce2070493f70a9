// The outline of a set of points as a quadrilateral: the shape a text block
// takes in a photo under perspective.

export type Point = readonly [number, number];

/**
 * The convex hull (Andrew's monotone chain), its vertices in order of positive
 * shoelace area: clockwise on screen, where y runs down.
 */
export function convexHull(points: readonly Point[]): Point[] {
  const p = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const turn = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const chain = (from: Point[]) => {
    const out: Point[] = [];
    for (const q of from) {
      while (out.length >= 2 && turn(out[out.length - 2], out[out.length - 1], q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...chain(p), ...chain(p.reverse())];
}

/** Where the line through a and b meets the line through c and d; null when they are parallel. */
function meet(a: Point, b: Point, c: Point, d: Point): Point | null {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const den = rx * sy - ry * sx;
  if (Math.abs(den) < 1e-9 * (Math.abs(rx * sy) + Math.abs(ry * sx) + 1e-300)) return null;
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
  return [a[0] + t * rx, a[1] + t * ry];
}

/**
 * A quadrilateral enclosing a convex polygon (a hull from convexHull), found by
 * removing one edge at a time: its two neighbours are extended until they
 * meet, and the edge removed is the one whose removal adds least area. A
 * corner cut off by the photo's frame is restored so. The slant from a short
 * last line to the end of the line above may instead be kept as a side, and
 * the last line's own edge extended: the quadrilateral is then a line off.
 * Null when fewer than 4 vertices remain or no edge can be removed (the
 * neighbours of every edge diverge).
 */
export function enclosingQuad(hull: readonly Point[]): Point[] | null {
  let poly = hull.slice();
  while (poly.length > 4) {
    const n = poly.length;
    let best = -1;
    let bestArea = Infinity;
    let corner: Point | null = null;
    for (let i = 0; i < n; i++) {
      const a = poly[(i + n - 1) % n];
      const b = poly[i];
      const c = poly[(i + 1) % n];
      const d = poly[(i + 2) % n];
      const p = meet(a, b, d, c);
      // The neighbours must meet beyond the edge, on the outside.
      if (!p || (p[0] - b[0]) * (b[0] - a[0]) + (p[1] - b[1]) * (b[1] - a[1]) < 0) continue;
      if ((p[0] - c[0]) * (c[0] - d[0]) + (p[1] - c[1]) * (c[1] - d[1]) < 0) continue;
      const area = Math.abs((c[0] - b[0]) * (p[1] - b[1]) - (c[1] - b[1]) * (p[0] - b[0])) / 2;
      if (area < bestArea) {
        bestArea = area;
        best = i;
        corner = p;
      }
    }
    if (!corner) return null;
    // b and c give way to the corner where their neighbours meet.
    const c = (best + 1) % n;
    poly = poly.filter((_, k) => k !== c).map((v, k) => (k === (c < best ? best - 1 : best) ? corner : v));
  }
  return poly.length === 4 ? poly : null;
}
