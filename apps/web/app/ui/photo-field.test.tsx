import { photoUploadRules } from '@pest/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoField } from './photo-field';

// The browser's accept filter only shapes the file dialog; the field's own checks must hold without it.
const user = () => userEvent.setup({ applyAccept: false });

const photo = (name: string, bytes = 2048, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

function renderField(props: Partial<Parameters<typeof PhotoField>[0]> = {}) {
  render(
    <form aria-label="諮詢表單">
      <PhotoField name="pic1" label="遠照" rules={photoUploadRules} {...props} />
      <button type="submit">送出</button>
    </form>,
  );
  return screen.getByLabelText<HTMLInputElement>(/遠照/);
}

describe('PhotoField', () => {
  it('is a labelled file input with the accept list, a hint and a live error region it points to', () => {
    const input = renderField();
    expect(input.type).toBe('file');
    expect(input.name).toBe('pic1');
    expect(input.accept).toBe('.jpg,.jpeg,.png,.tif,.tiff,.bmp');
    expect(input.multiple).toBe(true);
    const [hintId, errorId] = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(hintId ?? '')?.textContent).toBe(
      '可上傳 jpg、jpeg、png、tif、tiff、bmp，每張小於 10MB，最多 5 張',
    );
    const error = document.getElementById(errorId ?? '');
    expect(error?.getAttribute('aria-live')).toBe('polite');
    expect(error?.textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a file of another type with the spec message, announced and tied to the input', async () => {
    const input = renderField();
    await user().upload(input, photo('report.html', 100, 'text/html'));
    const error = document.getElementById((input.getAttribute('aria-describedby') ?? '').split(' ')[1] ?? '');
    expect(error?.textContent).toBe('選擇的檔案格式不符');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: /已選擇的照片/ })).toBeNull();
  });

  it('refuses a photo of exactly 10 MB with 檔案大小不可超過10MB and keeps one just under', async () => {
    const input = renderField();
    await user().upload(input, photo('big.jpg', 10 * 1024 * 1024));
    expect(screen.getByText('檔案大小不可超過10MB')).toBeTruthy();
    await user().upload(input, photo('fits.jpg', 10 * 1024 * 1024 - 1024));
    expect(screen.queryByText('檔案大小不可超過10MB')).toBeNull();
    expect(screen.getByRole('list', { name: '已選擇的照片（1 張）' })).toBeTruthy();
  });

  it('refuses an empty file with 檔案是空的，請重新選擇檔案。, as the server does', async () => {
    const input = renderField();
    await user().upload(input, photo('empty.jpg', 0));
    expect(screen.getByText('檔案是空的，請重新選擇檔案。')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: /已選擇的照片/ })).toBeNull();
  });

  it('previews the chosen photos, each with a remove button the keyboard reaches, and the input holds them', async () => {
    const input = renderField();
    const u = user();
    await u.upload(input, [
      photo('leaf.jpg'),
      photo('stem.png', 4096, 'image/png'),
      photo('scan.TIF', 100, 'image/tiff'),
    ]);
    const list = screen.getByRole('list', { name: '已選擇的照片（3 張）' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    // A TIFF the browser cannot show gets a placeholder instead of a broken image.
    expect(list.querySelectorAll('img')).toHaveLength(2);
    expect(input.files).toHaveLength(3);

    input.focus();
    await u.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '移除 leaf.jpg' }));
    await u.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: '已選擇的照片（2 張）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '移除 leaf.jpg' })).toBeNull();
    expect(input.files).toHaveLength(2);
    // Focus moves to the next photo's button, not to the page's start.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '移除 stem.png' })));
  });

  it('takes no more photos than the rules allow, with a message', async () => {
    const input = renderField();
    await user().upload(
      input,
      Array.from({ length: 6 }, (_, index) => photo(`p${index}.jpg`, 1000 + index)),
    );
    expect(screen.getByText('一次最多上傳 5 個檔案')).toBeTruthy();
    expect(input.files).toHaveLength(5);
  });

  it('shows the required message on submit when no photo was chosen, and not before', async () => {
    const input = renderField({ required: { message: '請至少上傳一張遠照' } });
    expect(screen.queryByText('請至少上傳一張遠照')).toBeNull();
    expect(input.required).toBe(true);
    await user().click(screen.getByRole('button', { name: '送出' }));
    expect(screen.getByText('請至少上傳一張遠照')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's error until the photos change", async () => {
    const input = renderField({ serverError: '選擇的檔案格式不符' });
    expect(screen.getByText('選擇的檔案格式不符')).toBeTruthy();
    await user().upload(input, photo('ok.jpg'));
    expect(screen.queryByText('選擇的檔案格式不符')).toBeNull();
  });
  it('tells a form that sends photos itself what was accepted, shows its status per photo, and locks while sending', async () => {
    const seen: string[][] = [];
    const input = renderField({
      onFilesChange: (files) => seen.push(files.map((file) => file.name)),
      renderStatus: (file) => <span>{`${file.name} 上傳中`}</span>,
    });
    const u = user();
    await u.upload(input, [photo('far.jpg'), photo('notes.txt', 10, 'text/plain')]);
    expect(seen.at(-1)).toEqual(['far.jpg']);
    expect(screen.getByText('far.jpg 上傳中')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '移除 far.jpg' }));
    expect(seen.at(-1)).toEqual([]);
  });

  it('while disabled, neither the input nor a remove button can be used', async () => {
    const { rerender } = render(<PhotoField name="pic2" label="作物近照" rules={photoUploadRules} />);
    const input = screen.getByLabelText<HTMLInputElement>(/作物近照/);
    await user().upload(input, photo('leaf.jpg'));
    rerender(<PhotoField name="pic2" label="作物近照" rules={photoUploadRules} disabled />);
    expect(input.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '移除 leaf.jpg' }).disabled).toBe(true);
  });
});
