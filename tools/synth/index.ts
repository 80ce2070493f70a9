// The synthetic scroll-photo generator: the only entry point other modules
// (tests, benchmark, demo) should import. It imports nothing from the engine,
// HTTP or the database, and the engine imports nothing from it.

export { CROWNED_LETTERS, DILATABLE_LETTERS, LARGE_LETTERS, MEZUZAH_LETTER_COUNT, MEZUZAH_LETTERS, MEZUZAH_LINES, MEZUZAH_WORDS } from './mezuzah-text.ts';
export type { TextLetter } from './mezuzah-text.ts';
export { createRandom, deriveSeed } from './random.ts';
export type { Random } from './random.ts';
export { makeScribe } from './scribe.ts';
export type { Justification, LetterHabit, Scribe } from './scribe.ts';
export { makeScroll } from './scroll.ts';
export type { Affine, Box, LetterPlacement, Parchment, Scroll, ScrollError, ScrollLine } from './scroll.ts';
export { FINAL_FORMS, LETTER_FORMS, LOOK_ALIKES, TEXT_ERROR_KINDS, textError, WORD_KINDS, writeText } from './text-errors.ts';
export type { TextError, TextErrorKind, TextPlace, WrittenLetter, WrittenText } from './text-errors.ts';
export { drawTextErrors } from './draw-text-errors.ts';
export { canBreak } from './glyph-strokes.ts';
export { errorBoxInPhoto, errorBoxMm, letterInkBox } from './error-boxes.ts';
export type { PixelBox } from './error-boxes.ts';
export { renderScroll } from './render-scroll.ts';
export type { SheetTexture } from './render-scroll.ts';
export { describeShot, photographScroll, photographSheet } from './camera.ts';
export type { Photo, PhotoInfo, ShotConditions, ShotKind, ShotSpec, Sheet } from './shot.ts';
export { BACKGROUNDS } from './backgrounds.ts';
export type { Background } from './backgrounds.ts';
export type { ExifOrientation } from './optics.ts';
export { makeNonScroll, NON_SCROLL_KINDS } from './non-scroll.ts';
export type { NonScrollImage, NonScrollInfo, NonScrollKind } from './non-scroll.ts';
export { planDataset, recordOutputs, runJob } from './dataset.ts';
export type { DatasetJob, DatasetOptions, DatasetPlan, JobOutput, Manifest } from './dataset.ts';
export { planTextSet, recordTextOutputs, runTextJob, textSetArguments } from './text-set.ts';
export type { PhotoError, TextJob, TextJobOutput, TextManifest, TextPhotoRecord, TextPlan, TextScrollRecord, TextSetOptions } from './text-set.ts';
