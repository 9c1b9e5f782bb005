/** Address of a public stored file (then /public/, then the name). */
export function publicFileUrl(name: string): string {
  return `${import.meta.env.BASE_URL}files/public/${name.split('/').map(encodeURIComponent).join('/')}`;
}

/** Address of a page or asset inside the app, honouring the base path. */
export function appUrl(path: string): string {
  return `${import.meta.env.BASE_URL}${path.replace(/^\//, '')}`;
}
