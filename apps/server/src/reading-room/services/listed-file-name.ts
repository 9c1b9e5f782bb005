import { fileExtension } from '../file-paths';

/**
 * The name a file is listed and downloaded under (decision 0245): the editor's name (or the
 * uploaded file's) with the extension its content was checked against, so the name never claims
 * another type.
 */
export function listedName(name: string, fallback: string, extension: string): string {
  const chosen = name.trim() || fallback;
  const base = fileExtension(chosen) ? chosen.slice(0, chosen.lastIndexOf('.')) : chosen;
  return extension ? `${base || '檔案'}.${extension}` : base || '檔案';
}
