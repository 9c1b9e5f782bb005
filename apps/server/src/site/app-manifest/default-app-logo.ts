/**
 * The logo the installed app's icons are made from until an admin sends one (decision 0385): a
 * leaf on the site's green, drawn as SVG so sharp renders it at any size. Kept in code rather than
 * as a file beside it, so the bundled server needs no path to it.
 */
export const defaultAppLogoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="#1f6f50"/>
  <path d="M140 372c0-150 96-236 252-236-4 158-92 244-236 244" fill="#ffffff"/>
  <path d="M150 364c56-70 118-120 190-156" stroke="#1f6f50" stroke-width="18" stroke-linecap="round" fill="none"/>
</svg>`;
