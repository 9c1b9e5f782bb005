import sharp from 'sharp';

/** The icons a web app manifest names: 192 and 512 px for any use, and one for masks (decision 0385). */
export const appIconVariants = ['icon-192.png', 'icon-512.png', 'maskable-512.png'] as const;
export type AppIconVariant = (typeof appIconVariants)[number];

/** The icons' and the installed app's colours: the header's green (root.tsx theme-color) on white. */
export const appThemeColour = '#1f6f50';
export const appBackgroundColour = '#ffffff';

/**
 * One icon from the logo's bytes (any picture sharp reads, SVG included). A plain icon is the logo
 * fitted into the square on a transparent ground; the maskable one is the logo in the middle 60 %
 * on the theme colour, since a launcher may cut it to a circle of 80 % (the maskable safe zone).
 */
export async function makeAppIcon(logo: Buffer, variant: AppIconVariant): Promise<Buffer> {
  if (variant === 'maskable-512.png') {
    const inner = await sharp(logo, { density: 300 })
      .resize(308, 308, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return sharp({ create: { width: 512, height: 512, channels: 4, background: appThemeColour } })
      .composite([{ input: inner, gravity: 'centre' }])
      .png()
      .toBuffer();
  }
  const size = variant === 'icon-192.png' ? 192 : 512;
  return sharp(logo, { density: 300 })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}
