/**
 * Colour helpers for the portal theme and the WCAG AA check of a portal's colours. The server refuses
 * a theme whose colour pairs fail (PATCH /api/v1/portals/{portal}) and the web app warns live with
 * the same function, so what is approved is exactly what renders (decision 058).
 */

export type Rgb = readonly [number, number, number];

export function parseColour(value: string | null | undefined): Rgb | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(text);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number);
    if (channels.every((channel) => channel <= 255)) return channels as unknown as Rgb;
  }
  return null;
}

export const toCss = ([red, green, blue]: Rgb) => `rgb(${red} ${green} ${blue})`;

export const toHex = (colour: Rgb) =>
  `#${colour.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrastRatio(first: Rgb, second: Rgb): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WHITE: Rgb = [255, 255, 255];
/** The app's dark text (gray-900), the alternative to white on a light portal colour. */
export const INK: Rgb = [17, 24, 39];
/** The page background (slate-50); text on it needs the contrast too. */
export const PAGE_BACKGROUND: Rgb = [248, 250, 252];
/** WCAG 2 AA for normal text. */
export const CONTRAST_AA = 4.5;

/** White or near-black text, whichever reads better on the colour. */
export function readableTextOn(colour: Rgb): Rgb {
  return contrastRatio(colour, WHITE) >= CONTRAST_AA ||
    contrastRatio(colour, WHITE) >= contrastRatio(colour, INK)
    ? WHITE
    : INK;
}

/**
 * The colour, darkened step by step until it reads as text on white and on the page background. A
 * theme that passed `themeContrastProblems` is left as it is; older, unchecked colours still read.
 */
export function darkenForText(colour: Rgb): Rgb {
  let current = colour;
  for (let step = 0; step < 20 && contrastRatio(current, PAGE_BACKGROUND) < CONTRAST_AA; step++) {
    current = current.map((channel) => Math.round(channel * 0.9)) as unknown as Rgb;
  }
  return current;
}

/** `color-mix(in srgb, colour share%, white)`, as the CSS tints `--color-primary-soft/-muted` are made. */
export function tint(colour: Rgb, share: number): Rgb {
  return colour.map((channel) => Math.round(channel * share + 255 * (1 - share))) as unknown as Rgb;
}

/** The share of the primary colour in the soft tint behind badges and icons (styles.css). */
export const PRIMARY_SOFT_SHARE = 0.1;

/** The hex form the API stores: `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The pairs of a theme that are checked (decision 058). */
export type ContrastPair = 'text_on_primary' | 'primary_on_white' | 'primary_on_page' | 'primary_on_soft';

export interface ContrastProblem {
  pair: ContrastPair;
  /** The theme attribute to change. */
  field: 'primary_color';
  /** The portal colour (#rrggbb). */
  colour: string;
  foreground: string;
  background: string;
  /** Rounded down to one decimal, so "4.4" never hides a 4.49 that fails. */
  ratio: number;
  required: number;
}

export interface ThemeColours {
  primaryColor?: string | null | undefined;
}

const floorTenth = (value: number) => Math.floor(value * 10) / 10;

/**
 * The colour pairs a theme really draws that fail WCAG AA (4.5:1), with their ratio:
 * - the button and header text (white or dark, whichever reads better) on the primary colour;
 * - the primary colour as link text on white, on the page background and on its own soft tint
 *   (badges, icons in circles);
 * The secondary colour is drawn only as a decorative stripe (e-mails, invoices, the preview), never
 * as text or a control, so it has no pair to meet (WCAG 1.4.3 and 1.4.11 exempt decoration).
 * A colour that is not set or not readable is not checked (the fallback colour passes).
 */
export function themeContrastProblems(theme: ThemeColours): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  const check = (
    pair: ContrastPair,
    field: ContrastProblem['field'],
    colour: Rgb,
    foreground: Rgb,
    background: Rgb,
  ) => {
    const ratio = contrastRatio(foreground, background);
    if (ratio < CONTRAST_AA)
      problems.push({
        pair,
        field,
        colour: toHex(colour),
        foreground: toHex(foreground),
        background: toHex(background),
        ratio: floorTenth(ratio),
        required: CONTRAST_AA,
      });
  };
  const primary = parseColour(theme.primaryColor);
  if (primary) {
    check('text_on_primary', 'primary_color', primary, readableTextOn(primary), primary);
    check('primary_on_white', 'primary_color', primary, primary, WHITE);
    check('primary_on_page', 'primary_color', primary, primary, PAGE_BACKGROUND);
    check('primary_on_soft', 'primary_color', primary, primary, tint(primary, PRIMARY_SOFT_SHARE));
  }
  return problems;
}
