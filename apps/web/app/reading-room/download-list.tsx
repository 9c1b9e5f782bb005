import { appUrl } from '../kernel/file-url';
import { formatFileSize } from './format-file-size';

export interface DownloadItem {
  id: number;
  name: string;
  type: string;
  size: number;
  url: string;
}

/** A list of downloadable files: name, type and size, each saved under its own (Chinese) name. */
export function DownloadList({
  heading,
  files,
  headingId,
}: {
  heading: string;
  files: DownloadItem[];
  headingId: string;
}) {
  if (files.length === 0) return null;
  return (
    <section className="rr-downloads" aria-labelledby={headingId}>
      <h2 id={headingId} className="rr-section-heading">
        {heading}
      </h2>
      <ul className="rr-downloads__list">
        {files.map((file) => (
          <li key={file.id} className="rr-downloads__item">
            <a
              href={`${appUrl(file.url)}${file.url.includes('?') ? '&' : '?'}download=1`}
              download={file.name}
              className="rr-downloads__link"
            >
              <span className="rr-downloads__type" aria-hidden="true">
                {file.type.toUpperCase() || '檔案'}
              </span>
              <span className="rr-downloads__name">{file.name}</span>
            </a>
            <span className="rr-downloads__size">
              <span className="visually-hidden">檔案類型 {file.type.toUpperCase()}，大小 </span>
              {formatFileSize(file.size)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
