import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DownloadList } from './download-list';
import { PdfViewer } from './pdf-viewer';

describe('PdfViewer', () => {
  it('embeds the PDF 650 px high with a title, and offers a download under the original name', () => {
    const { container } = render(
      <PdfViewer url="/files/ipm/3" title="番茄晚疫病整合管理" fileName="番茄晚疫病整合管理.pdf" size={43_008} />,
    );
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('title')).toBe('番茄晚疫病整合管理（PDF 文件）');
    expect(frame?.getAttribute('height')).toBe('650');
    expect(frame?.getAttribute('src')).toBe('/files/ipm/3');
    const download = screen.getByRole('link', { name: /下載 PDF/ });
    expect(download.getAttribute('href')).toBe('/files/ipm/3?download=1');
    expect(download.getAttribute('download')).toBe('番茄晚疫病整合管理.pdf');
    expect(download.textContent).toContain('42 KB');
    const open = screen.getByRole('link', { name: /開啟 PDF/ });
    expect(open.textContent).toContain('（42 KB）');
    expect(open.getAttribute('href')).toBe('/files/ipm/3');
    expect(open.getAttribute('target')).toBe('_blank');
  });

  it("has a phone card with the title, the size and the sheet's picture when it has one", () => {
    const { container, rerender } = render(
      <PdfViewer url="/files/ipm/3" title="番茄晚疫病整合管理" fileName="a.pdf" size={2_097_152} />,
    );
    const card = container.querySelector('.rr-pdf__card');
    expect(card?.textContent).toContain('番茄晚疫病整合管理');
    expect(card?.textContent).toContain('PDF 文件 · 2.0 MB');
    expect(card?.querySelector('img')).toBeNull();
    rerender(
      <PdfViewer
        url="/files/ipm/3"
        title="番茄晚疫病整合管理"
        fileName="a.pdf"
        size={2_097_152}
        picture={{ src: '/files/public/ipm/3.webp', width: 400, height: 566 }}
      />,
    );
    expect(container.querySelector('.rr-pdf__card img')?.getAttribute('src')).toBe('/files/public/ipm/3.webp');
  });
});

describe('DownloadList', () => {
  it('lists each file with its type and size, and nothing at all when empty', () => {
    render(
      <DownloadList
        heading="檔案下載"
        headingId="files"
        files={[{ id: 7, name: '田間調查紀錄表.csv', type: 'csv', size: 156, url: '/files/quick/2/7' }]}
      />,
    );
    expect(screen.getByRole('region', { name: '檔案下載' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /田間調查紀錄表\.csv/ });
    expect(link.getAttribute('href')).toBe('/files/quick/2/7?download=1');
    expect(screen.getByText('156 B')).toBeTruthy();

    const { container } = render(<DownloadList heading="其他檔案" headingId="none" files={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
