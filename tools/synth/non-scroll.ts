// Images without a readable scroll, which the engine must answer `invalid` for:
// blank parchment, a bare table, everyday photos, other text, and scrolls too
// blurred or too dark to read. All go through the same camera and optics.

import sharp from 'sharp';
import { describeShot, photographScroll, photographSheet } from './camera.ts';
import type { Photo, PhotoInfo, ShotSpec } from './shot.ts';
import { makeDocument } from './documents.ts';
import type { DocumentKind } from './documents.ts';
import { finishPhoto } from './optics.ts';
import { fbm, makeField, rowSampler } from './raster.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { Random } from './random.ts';
import { makeScribe } from './scribe.ts';
import { makeScroll } from './scroll.ts';
import type { Scroll } from './scroll.ts';

export const NON_SCROLL_KINDS = ['blank_parchment', 'background', 'photo', 'other_text', 'unreadable_scroll'] as const;
export type NonScrollKind = (typeof NON_SCROLL_KINDS)[number];

export type NonScrollInfo = {
  readonly kind: NonScrollKind;
  readonly subkind: string;
  readonly width: number;
  readonly height: number;
  /** The camera's conditions, when the image was shot through the camera model. */
  readonly shot?: PhotoInfo;
};

export type NonScrollImage = { readonly jpeg: Buffer; readonly info: NonScrollInfo };

export type NonScrollOptions = { readonly subkind?: string; readonly megapixels?: number };

/** The parchment of a scroll with nothing written on it (the scored ruling stays). */
function blank(scroll: Scroll): Scroll {
  return { ...scroll, letters: [], ink: { ...scroll.ink, blots: [] } };
}

/** A few everyday objects on the table, drawn with gradients and soft shadows. */
function tabletopProps(width: number, height: number, rnd: Random): string {
  const unit = Math.min(width, height);
  const parts: string[] = [];
  const defs: string[] = [
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(unit * 0.012).toFixed(1)}"/></filter>`,
  ];
  const count = rnd.int(2, 5);
  for (let i = 0; i < count; i++) {
    const x = rnd.uniform(0.15, 0.85) * width;
    const y = rnd.uniform(0.15, 0.85) * height;
    const size = unit * rnd.uniform(0.14, 0.32);
    const kind = rnd.pick(['mug', 'fruit', 'book', 'phone', 'keys', 'plant'] as const);
    const shadowDx = size * 0.08;
    const id = `o${i}`;
    if (kind === 'mug') {
      const c = rnd.pick(['#c0392b', '#2e86c1', '#f4f6f7', '#1e8449', '#f1c40f', '#34495e']);
      defs.push(
        `<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="${c}" stop-opacity="1"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>`,
      );
      const w = size * 0.6;
      const h = size * 0.75;
      parts.push(
        `<ellipse cx="${x + shadowDx}" cy="${y + h * 0.5}" rx="${w * 0.6}" ry="${w * 0.22}" fill="#000" opacity="0.35" filter="url(#soft)"/>`,
        `<path d="M${x + w / 2} ${y - h * 0.2} q${w * 0.45} ${h * 0.05} ${w * 0.05} ${h * 0.45}" fill="none" stroke="${c}" stroke-width="${w * 0.1}"/>`,
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w * 0.08}" fill="${c}"/>`,
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w * 0.08}" fill="url(#${id})"/>`,
        `<ellipse cx="${x}" cy="${y - h / 2}" rx="${w / 2}" ry="${w * 0.16}" fill="#3b2a20"/>`,
        `<ellipse cx="${x}" cy="${y - h / 2}" rx="${w / 2}" ry="${w * 0.16}" fill="none" stroke="${c}" stroke-width="${w * 0.04}"/>`,
      );
    } else if (kind === 'fruit') {
      const c = rnd.pick(['#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#8e44ad']);
      const r = size * 0.35;
      defs.push(`<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="0.25" stop-color="${c}"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></radialGradient>`);
      parts.push(
        `<ellipse cx="${x + shadowDx}" cy="${y + r * 0.8}" rx="${r}" ry="${r * 0.35}" fill="#000" opacity="0.35" filter="url(#soft)"/>`,
        `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`,
        `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${id})"/>`,
        `<path d="M${x} ${y - r * 0.9} l${r * 0.1} ${-r * 0.3}" stroke="#4a3520" stroke-width="${r * 0.08}"/>`,
      );
    } else if (kind === 'book') {
      const c = rnd.pick(['#7b241c', '#1a5276', '#145a32', '#4a235a', '#212f3d', '#b9770e']);
      const w = size * 1.1;
      const h = size * 1.5;
      const angle = rnd.uniform(-40, 40);
      parts.push(
        `<g transform="rotate(${angle} ${x} ${y})">`,
        `<rect x="${x - w / 2 + shadowDx}" y="${y - h / 2 + shadowDx}" width="${w}" height="${h}" fill="#000" opacity="0.4" filter="url(#soft)"/>`,
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w * 0.02}" fill="#efe9dc"/>`,
        `<rect x="${x - w / 2 - w * 0.03}" y="${y - h / 2 - w * 0.03}" width="${w}" height="${h}" rx="${w * 0.02}" fill="${c}"/>`,
        `<rect x="${x - w * 0.3}" y="${y - h * 0.3}" width="${w * 0.55}" height="${h * 0.08}" fill="#f4d03f" opacity="0.8"/>`,
        `<rect x="${x - w * 0.25}" y="${y - h * 0.15}" width="${w * 0.45}" height="${h * 0.03}" fill="#fdfefe" opacity="0.7"/>`,
        `</g>`,
      );
    } else if (kind === 'phone') {
      const w = size * 0.55;
      const h = size * 1.1;
      const angle = rnd.uniform(-60, 60);
      defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3c4a5a"/><stop offset="0.5" stop-color="#0b0f14"/><stop offset="1" stop-color="#1b2430"/></linearGradient>`);
      parts.push(
        `<g transform="rotate(${angle} ${x} ${y})">`,
        `<rect x="${x - w / 2 + shadowDx}" y="${y - h / 2 + shadowDx}" width="${w}" height="${h}" rx="${w * 0.12}" fill="#000" opacity="0.4" filter="url(#soft)"/>`,
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w * 0.12}" fill="#111"/>`,
        `<rect x="${x - w * 0.45}" y="${y - h * 0.46}" width="${w * 0.9}" height="${h * 0.92}" rx="${w * 0.09}" fill="url(#${id})"/>`,
        `</g>`,
      );
    } else if (kind === 'keys') {
      const r = size * 0.18;
      const angle = rnd.uniform(0, 360);
      parts.push(
        `<g transform="rotate(${angle} ${x} ${y})">`,
        `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#999" stroke-width="${r * 0.15}"/>`,
        `<rect x="${x + r * 0.8}" y="${y - r * 0.25}" width="${r * 2.8}" height="${r * 0.5}" fill="#b7950b"/>`,
        `<circle cx="${x + r * 0.9}" cy="${y}" r="${r * 0.6}" fill="#b7950b"/>`,
        `<path d="M${x + r * 2.6} ${y + r * 0.25} l0 ${r * 0.4} l${r * 0.4} 0 l0 ${-r * 0.4}" fill="#b7950b"/>`,
        `</g>`,
      );
    } else {
      const w = size * 0.55;
      const h = size * 0.5;
      defs.push(`<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="#a04000"/><stop offset="0.4" stop-color="#dc7633"/><stop offset="1" stop-color="#6e2c00"/></linearGradient>`);
      parts.push(`<ellipse cx="${x + shadowDx}" cy="${y + h * 0.5}" rx="${w * 0.6}" ry="${w * 0.2}" fill="#000" opacity="0.35" filter="url(#soft)"/>`);
      for (let l = 0; l < 7; l++) {
        const a = rnd.uniform(-70, 70);
        parts.push(
          `<ellipse cx="${x}" cy="${y - h * 0.9}" rx="${w * 0.12}" ry="${h * 0.6}" transform="rotate(${a} ${x} ${y - h * 0.4})" fill="${rnd.pick(['#1e8449', '#229954', '#145a32'])}"/>`,
        );
      }
      parts.push(`<path d="M${x - w / 2} ${y - h / 2} L${x + w / 2} ${y - h / 2} L${x + w * 0.35} ${y + h / 2} L${x - w * 0.35} ${y + h / 2} Z" fill="url(#${id})"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

/** Leaves and grass: fractal noise multiplied into everything below the sky line, more strongly nearer. */
function texture(image: Uint8ClampedArray, width: number, height: number, horizon: number, seed: number): void {
  const scale = width / 1000;
  const fine = makeField(width, height, 2 * scale, (x, y) => fbm(x, y, 5 * scale, 2, seed));
  const coarse = makeField(width, height, 8 * scale, (x, y) => fbm(x, y, 40 * scale, 2, seed + 1));
  const fineRows = rowSampler(fine, width, 0, 1);
  const coarseRows = rowSampler(coarse, width, 0, 1);
  for (let y = Math.floor(horizon * 0.8); y < height; y++) {
    const near = Math.min(1, Math.max(0, (y - horizon * 0.8) / (height - horizon * 0.8)));
    const a = fineRows.row(y);
    const b = coarseRows.row(y);
    for (let x = 0; x < width; x++) {
      const k = 1 + (0.1 + 0.25 * near) * a[x] + 0.12 * b[x];
      const o = (y * width + x) * 3;
      image[o] *= k;
      image[o + 1] *= k;
      image[o + 2] *= k;
    }
  }
}

/** An outdoor view: sky, clouds, ranges of hills, trees and a house; the sky line at `skyLine` of the height. */
function landscapeSvg(width: number, height: number, skyLine: number, rnd: Random): string {
  const horizon = height * skyLine;
  const parts: string[] = [];
  const sky = rnd.pick([
    ['#3b6fb6', '#a9cce3'],
    ['#5d6d7e', '#d5dbdb'],
    ['#e59866', '#fdebd0'],
    ['#2874a6', '#d6eaf8'],
  ]);
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
    `<filter id="cloud"><feGaussianBlur stdDeviation="${(width * 0.015).toFixed(1)}"/></filter>`,
    `<linearGradient id="mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[1]}" stop-opacity="0"/><stop offset="0.6" stop-color="${sky[1]}" stop-opacity="0.4"/><stop offset="1" stop-color="${sky[1]}" stop-opacity="0"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  );
  // Clouds in one blurred group: librsvg then blurs once, not once per puff.
  parts.push('<g filter="url(#cloud)">');
  for (let i = 0; i < rnd.int(2, 7); i++) {
    const cx = rnd.uniform(0, width);
    const cy = rnd.uniform(0.05, 0.8) * horizon;
    for (let k = 0; k < 4; k++) {
      parts.push(`<ellipse cx="${cx + rnd.normal(0, width * 0.04)}" cy="${cy + rnd.normal(0, height * 0.01)}" rx="${width * rnd.uniform(0.05, 0.12)}" ry="${height * rnd.uniform(0.02, 0.05)}" fill="#fff" opacity="${rnd.uniform(0.5, 0.9)}"/>`);
    }
  }
  parts.push('</g>');
  const ranges = rnd.int(2, 4);
  for (let r = 0; r < ranges; r++) {
    const depth = r / ranges;
    const base = horizon + depth * (height - horizon) * 0.4;
    const amplitude = height * rnd.uniform(0.04, 0.15) * (1 - depth * 0.5);
    const tone = Math.round(90 + 100 * (1 - depth));
    const green = r === ranges - 1 ? `rgb(${60 + rnd.int(0, 40)},${110 + rnd.int(0, 40)},${50 + rnd.int(0, 30)})` : `rgb(${tone - 30},${tone - 10},${tone + 20})`;
    let d = `M0 ${height} L0 ${base}`;
    const steps = 24;
    const phase = rnd.uniform(0, 6);
    for (let i = 0; i <= steps; i++) {
      const x = (width * i) / steps;
      const y = base - amplitude * (0.5 + 0.35 * Math.sin(i * 0.5 + phase) + 0.15 * Math.sin(i * 1.7 + phase * 2)) + rnd.normal(0, amplitude * 0.05);
      d += ` L${x.toFixed(1)} ${y.toFixed(1)}`;
    }
    d += ` L${width} ${height} Z`;
    parts.push(`<path d="${d}" fill="${green}"/>`);
    // Aerial perspective: far ranges fade into the sky.
    if (r < ranges - 1) parts.push(`<rect x="0" y="${(base - amplitude).toFixed(1)}" width="${width}" height="${(amplitude * 1.5).toFixed(1)}" fill="url(#mist)"/>`);
  }
  const ground = horizon + (height - horizon) * 0.45;
  for (let i = 0; i < rnd.int(3, 12); i++) {
    const x = rnd.uniform(0, width);
    const y = rnd.uniform(ground, height * 0.98);
    const s = (height * 0.05 + (y - ground) * 0.25) * rnd.uniform(0.6, 1.3);
    parts.push(`<rect x="${x - s * 0.06}" y="${y - s * 0.5}" width="${s * 0.12}" height="${s * 0.5}" fill="#4a3520"/>`);
    for (let k = 0; k < 5; k++) {
      parts.push(`<circle cx="${x + rnd.normal(0, s * 0.15)}" cy="${y - s * 0.75 + rnd.normal(0, s * 0.12)}" r="${s * rnd.uniform(0.2, 0.32)}" fill="${rnd.pick(['#1e5631', '#2e7d32', '#145a32', '#386641'])}"/>`);
    }
  }
  if (rnd.chance(0.6)) {
    const x = rnd.uniform(0.15, 0.75) * width;
    const y = rnd.uniform(ground, height * 0.85);
    const s = height * rnd.uniform(0.12, 0.25);
    parts.push(
      `<rect x="${x}" y="${y - s * 0.6}" width="${s * 1.2}" height="${s * 0.6}" fill="${rnd.pick(['#f5eef8', '#f9e79f', '#e5e8e8', '#d98880'])}"/>`,
      `<path d="M${x - s * 0.1} ${y - s * 0.6} L${x + s * 0.6} ${y - s * 1.05} L${x + s * 1.3} ${y - s * 0.6} Z" fill="#922b21"/>`,
      `<rect x="${x + s * 0.15}" y="${y - s * 0.45}" width="${s * 0.2}" height="${s * 0.18}" fill="#5d6d7e"/>`,
      `<rect x="${x + s * 0.8}" y="${y - s * 0.45}" width="${s * 0.2}" height="${s * 0.18}" fill="#5d6d7e"/>`,
      `<rect x="${x + s * 0.5}" y="${y - s * 0.35}" width="${s * 0.18}" height="${s * 0.35}" fill="#6e2c00"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

async function photoOfScene(seed: number, megapixels: number | undefined): Promise<NonScrollImage> {
  const rnd = createRandom(deriveSeed('landscape', seed));
  const aspect = rnd.pick([4 / 3, 16 / 9, 3 / 2]);
  const long = Math.round(megapixels ? Math.sqrt(megapixels * 1e6 * aspect) : rnd.pick([1600, 2048, 3000, 4000]));
  const portrait = rnd.chance(0.4);
  const width = portrait ? Math.round(long / aspect) : long;
  const height = portrait ? long : Math.round(long / aspect);
  // Drawn at half size and enlarged: the softness of a phone's processed photo, at a quarter of the cost.
  const small = Math.max(1, Math.round(width / 2));
  const smallHeight = Math.max(1, Math.round(height / 2));
  const skyLine = rnd.fork('horizon').uniform(0.4, 0.65);
  const raw = await sharp(Buffer.from(landscapeSvg(small, smallHeight, skyLine, rnd)))
    .removeAlpha()
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const image = new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length);
  texture(image, width, height, height * skyLine, deriveSeed('landscape-texture', seed));
  const jpeg = await finishPhoto(image, width, height, {
    seed: deriveSeed('landscape-optics', seed),
    defocus: rnd.uniform(0.3, 1.2),
    motion: 0,
    motionAngle: 0,
    noise: rnd.uniform(1.5, 4),
    exposure: 1,
    jpeg: rnd.int(60, 95),
    finger: null,
    exif: 1,
  });
  return { jpeg, info: { kind: 'photo', subkind: 'landscape', width, height } };
}

function withInfo(photo: Photo, kind: NonScrollKind, subkind: string): NonScrollImage {
  return { jpeg: photo.jpeg, info: { kind, subkind, width: photo.info.width, height: photo.info.height, shot: photo.info } };
}

/** An image the engine must reject as holding no readable mezuzah, fully determined by kind and seed. */
export async function makeNonScroll(kind: NonScrollKind, seed: number, options: NonScrollOptions = {}): Promise<NonScrollImage> {
  const rnd = createRandom(deriveSeed('non-scroll', kind, seed));
  const shot: ShotSpec = { kind: 'phone', seed: deriveSeed('non-scroll-shot', kind, seed), megapixels: options.megapixels };
  switch (kind) {
    case 'blank_parchment': {
      const scroll = makeScroll(makeScribe(rnd.int(0, 2 ** 30)), rnd.int(0, 2 ** 30));
      return withInfo(await photographScroll(blank(scroll), { ...shot, finger: false }), kind, 'blank');
    }
    case 'background':
      return withInfo(await photographSheet(null, shot), kind, 'table');
    case 'photo': {
      const subkind = options.subkind ?? rnd.pick(['tabletop', 'landscape']);
      if (subkind === 'landscape') return photoOfScene(seed, options.megapixels);
      return withInfo(await photographSheet(null, { ...shot, tilt: rnd.uniform(0, 30) }, tabletopProps), kind, 'tabletop');
    }
    case 'other_text': {
      const subkind = (options.subkind ?? rnd.pick(['latin', 'hebrew_print'])) as DocumentKind;
      return withInfo(await photographSheet(makeDocument(subkind, rnd.int(0, 2 ** 30)), { ...shot, coverage: rnd.uniform(0.3, 0.8) }), kind, subkind);
    }
    case 'unreadable_scroll': {
      const subkind = options.subkind ?? rnd.pick(['blur', 'dark']);
      const scroll = makeScroll(makeScribe(rnd.int(0, 2 ** 30)), rnd.int(0, 2 ** 30));
      if (subkind === 'dark') {
        return withInfo(await photographScroll(scroll, { ...shot, exposure: rnd.uniform(0.03, 0.07), glare: false, finger: false }), kind, subkind);
      }
      // Blur of about a letter's height: the text's rows stay, the letters do not.
      const letterPx = describeShot(scroll, shot).pxPerMm * scroll.letterHeightMm;
      return withInfo(await photographScroll(scroll, { ...shot, defocus: letterPx * rnd.uniform(0.7, 1.2) }), kind, subkind);
    }
  }
}
