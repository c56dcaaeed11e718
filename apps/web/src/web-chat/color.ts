/** Black or white, whichever reads better on the business's colour (WCAG relative luminance). */
export function textColorOn(background: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // The contrast against white equals the contrast against black at a luminance of about 0.18.
  return luminance > 0.179 ? '#111418' : '#ffffff';
}

/** The colour goes into a stylesheet: only a plain #rrggbb ever does. */
export function safeColor(color: unknown): string {
  return typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : '#1d4ed8';
}

export function languageOf(language: string | undefined): 'es' | 'en' {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'es';
}
