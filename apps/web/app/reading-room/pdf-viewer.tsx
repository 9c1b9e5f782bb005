import { pdfViewerHeight } from '@pest/contracts';
import { appUrl } from '../kernel/file-url';
import { formatFileSize } from './format-file-size';

/**
 * An embedded PDF (650 px high, spec §9) with a download link. Phones that cannot show a PDF
 * inside a page still get the download and the open-in-new-window links.
 */
export function PdfViewer({
  url,
  title,
  fileName,
  size,
}: {
  url: string;
  title: string;
  fileName: string;
  size: number;
}) {
  const src = appUrl(url);
  return (
    <figure className="rr-pdf">
      <iframe src={src} title={`${title}（PDF 文件）`} className="rr-pdf__frame" height={pdfViewerHeight} />
      <figcaption className="rr-pdf__actions">
        <a href={`${src}?download=1`} className="button button--primary" download={fileName}>
          下載 PDF
          <span className="rr-pdf__size">（{formatFileSize(size)}）</span>
        </a>
        <a href={src} target="_blank" rel="noopener" className="button">
          在新視窗開啟<span className="visually-hidden">（另開新視窗）</span>
        </a>
      </figcaption>
    </figure>
  );
}
