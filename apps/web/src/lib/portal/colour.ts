/** Colour helpers for the portal theme, so any portal colour still meets WCAG AA contrast. */

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

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39];
/** The page background (slate-50); text on it needs the contrast too. */
const PAGE: Rgb = [248, 250, 252];
const AA = 4.5;

/** White or near-black text, whichever reads better on the colour. */
export function readableTextOn(colour: Rgb): Rgb {
  return contrastRatio(colour, WHITE) >= AA || contrastRatio(colour, WHITE) >= contrastRatio(colour, INK)
    ? WHITE
    : INK;
}

/** The colour, darkened step by step until it reads as text on white and on the page background. */
export function darkenForText(colour: Rgb): Rgb {
  let current = colour;
  for (let step = 0; step < 20 && contrastRatio(current, PAGE) < AA; step++) {
    current = current.map((channel) => Math.round(channel * 0.9)) as unknown as Rgb;
  }
  return current;
}
