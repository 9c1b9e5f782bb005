import type { AppIdentity } from '../services/get-app-identity';
import { appBackgroundColour, appThemeColour, type AppIconVariant } from './make-app-icon';

/** The version part of the icons' addresses: a new logo gets new addresses, so they can be kept for good. */
export function appIconVersion(identity: AppIdentity): string {
  return identity.logo ? identity.logo.fileId.replaceAll('-', '').slice(0, 16) : 'default';
}

/** Where an icon is served, under the base path. */
export function appIconPath(basePath: string, version: string, variant: AppIconVariant): string {
  return `${basePath}/app-icons/${version}/${variant}`;
}

/**
 * The web app manifest (decision 0385): the site's zh-Hant name and short name, the three icons,
 * standalone display on the site's colours, and start address and scope under BASE_PATH, so an
 * install under a sub-path stays inside it.
 */
export function buildWebAppManifest(identity: AppIdentity, basePath: string) {
  const version = appIconVersion(identity);
  const icon = (variant: AppIconVariant, size: number, purpose: 'any' | 'maskable') => ({
    src: appIconPath(basePath, version, variant),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: `${basePath}/`,
    name: identity.name,
    short_name: identity.shortName,
    description: identity.description,
    lang: 'zh-Hant-TW',
    dir: 'ltr',
    start_url: `${basePath}/`,
    scope: `${basePath}/`,
    display: 'standalone',
    theme_color: appThemeColour,
    background_color: appBackgroundColour,
    icons: [
      icon('icon-192.png', 192, 'any'),
      icon('icon-512.png', 512, 'any'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
  };
}
