import { pdfViewerHeight } from '@pest/contracts';
import { appUrl } from '../kernel/file-url';
import { formatFileSize } from './format-file-size';

/**
 * An embedded PDF (650 px high) with open and download links. On a phone a 650 px frame
 * of an A4 page is unreadable (and Android's browser shows no PDF inside a page at all), so below
 * 768 px the frame gives way to a card — the sheet's picture when it has one, the title, "PDF" and
 * its size — over two full-width buttons: open it in the phone's reader or download it (decision
 * 0185).
 */
export function PdfViewer({
  url,
  title,
  fileName,
  size,
  picture,
}: {
  url: string;
  title: string;
  fileName: string;
  size: number;
  /** The sheet's own picture (its PDF's first page or its subject), shown on the phone card. */
  picture?: { src: string; width: number; height: number } | null;
}) {
  const src = appUrl(url);
  const sizeText = formatFileSize(size);
  return (
    <figure className="rr-pdf">
      <div className="rr-pdf__card">
        {picture ? (
          <img
            className="rr-pdf__card-image"
            src={picture.src}
            width={picture.width}
            height={picture.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="rr-pdf__card-icon" aria-hidden="true">
            PDF
          </span>
        )}
        <p className="rr-pdf__card-text">
          <strong>{title}</strong>
          <span>
            PDF 文件 · {sizeText}
            <br />
            在手機上請開啟或下載後閱讀。
          </span>
        </p>
      </div>
      <iframe
        src={src}
        title={`${title}（PDF 文件）`}
        className="rr-pdf__frame"
        height={pdfViewerHeight}
        loading="lazy"
      />
      <figcaption className="rr-pdf__actions">
        <a href={src} target="_blank" rel="noopener" className="button button--primary rr-pdf__open">
          開啟 PDF<span className="rr-pdf__size">（{sizeText}）</span>
          <span className="visually-hidden">（另開新視窗）</span>
        </a>
        <a href={`${src}${src.includes('?') ? '&' : '?'}download=1`} className="button" download={fileName}>
          下載 PDF
          <span className="rr-pdf__size">（{sizeText}）</span>
        </a>
      </figcaption>
    </figure>
  );
}
