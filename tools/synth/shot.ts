// What a shot is: what to shoot (ShotSpec: the kind fixes the distributions,
// tools/synth/shot-distribution.ts, and anything given overrides its draw), the
// conditions it was taken under, and the photo it makes.

import type { Background } from './backgrounds.ts';
import type { ExifOrientation } from './optics.ts';
import type { SheetTexture } from './render-scroll.ts';

export type ShotKind = 'registration' | 'phone';

/** The conditions of one photo, named as in the samples' manifest (`shots`). */
export type ShotConditions = {
  readonly kind: ShotKind;
  readonly width: number;
  readonly height: number;
  /** Long side, pixels. */
  readonly long: number;
  /** Angle between the sheet's normal and the optical axis, degrees. */
  readonly tilt: number;
  /** In-plane rotation of the sheet in the picture, degrees, clockwise. */
  readonly roll: number;
  /** Fraction of the frame the sheet covers (measured on the output). */
  readonly coverage: number;
  /** Sagitta of the parchment's cylindrical curl, as a fraction of its width. */
  readonly curl: number;
  readonly bg: Background;
  /** Brightness factor of the exposure (1 = well exposed). */
  readonly exposure: number;
  /** Gaussian defocus blur, sigma in output pixels. */
  readonly defocus: number;
  /** Length of the motion-blur streak, output pixels. */
  readonly motion: number;
  readonly jpeg: number;
  readonly finger: boolean;
  /** A slice of the sheet lies outside the frame. */
  readonly crop: boolean;
  readonly glare: boolean;
  /** Darkness of a cast shadow crossing the picture (0 = none). */
  readonly shadow: number;
  /** EXIF orientation tag of the file; width, height and corners describe the picture as displayed. */
  readonly exif: ExifOrientation;
};

export type PhotoInfo = ShotConditions & {
  /** The sheet's corners (top-left, top-right, bottom-right, bottom-left, as written) in output pixels. */
  readonly corners: readonly (readonly [number, number])[];
  /** Output pixels per sheet millimetre at the sheet's centre. */
  readonly pxPerMm: number;
  /** The lens's 35 mm equivalent focal length, millimetres (stored in the EXIF when `exifFocal`). */
  readonly focal35: number;
};

/** What to shoot: the kind fixes the distributions, any condition given here overrides its draw. */
export type ShotSpec = {
  readonly kind: ShotKind;
  readonly seed: number;
  readonly megapixels?: number;
  readonly long?: number;
  readonly orientation?: 'portrait' | 'landscape';
  /** Long side over short side (4/3, 16/9, 1 ...). */
  readonly aspect?: number;
  readonly tilt?: number;
  readonly roll?: number;
  readonly coverage?: number;
  readonly curl?: number;
  readonly bg?: Background;
  readonly exposure?: number;
  readonly defocus?: number;
  readonly motion?: number;
  readonly jpeg?: number;
  readonly finger?: boolean;
  readonly crop?: boolean;
  readonly glare?: boolean;
  readonly shadow?: number;
  readonly exif?: ExifOrientation;
  /**
   * The lens's angle of view across the long side, degrees: drawn as a phone's
   * main camera's (shot-distribution.ts); about 105 is an ultra-wide lens
   * (13 mm), which a phone may switch to at close range.
   */
  readonly fov?: number;
  /** Store the lens's 35 mm equivalent focal length in the EXIF (FocalLengthIn35mmFilm), as phones do; the bench sets' photos carry none, as a messaging app's copy. */
  readonly exifFocal?: boolean;
};

export type Photo = { readonly jpeg: Buffer; readonly info: PhotoInfo };

export type SheetSize = { readonly widthMm: number; readonly heightMm: number };

/** Anything flat that can lie on the table: a scroll, a blank skin, a printed page. */
export type Sheet = SheetSize & { render(pxPerMm: number): Promise<SheetTexture> };

/** A condition as reported in a photo's info: rounded to `digits` decimals. */
export function round(value: number, digits = 3): number {
  const k = 10 ** digits;
  return Math.round(value * k) / k;
}
