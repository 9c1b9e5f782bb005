import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { adminFileField, defineAdminContract, staffPhotoUploadRules } from '@pest/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminForm, browserFormSchema } from './admin-form';

// A contract only this test declares: one text field and a set of choices.
const contract = defineAdminContract({
  name: 'test-things',
  label: '測試項目',
  row: z.object({ id: z.number().meta({ title: '編號' }) }),
  idKey: 'id',
  titleKey: 'id',
  columns: ['id'],
  sortable: [],
  defaultSort: { key: 'id', direction: 'asc' },
  filters: z.object({}),
  create: z.object({
    title: z
      .string({ error: '請輸入標題' })
      .trim()
      .min(1, { error: '請輸入標題' })
      .max(10, { error: '標題最多 10 個字' })
      .meta({ title: '標題' }),
    colours: z
      .array(z.enum(['red', 'green']))
      .default([])
      .meta({ title: '顏色', optionLabels: { red: '紅', green: '綠' } }),
  }),
});

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/test-things/new',
        element: <AdminForm schema={contract.create!} submitLabel="新增" cancelHref="/admin/test-things" />,
        action: () => null,
      },
    ],
    { initialEntries: ['/admin/test-things/new'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the generated admin form', () => {
  it('has one labelled control per field of the contract, checkboxes for a set of choices', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /^標題/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: '顏色' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '紅' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '綠' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '取消' }).getAttribute('href')).toBe('/admin/test-things');
  });

  it('validates in the browser with the contract: the error appears beside the field once it is left', async () => {
    renderForm();
    const title = screen.getByRole('textbox', { name: /^標題/ });
    fireEvent.change(title, { target: { value: '超過十個字的一個很長的標題' } });
    fireEvent.blur(title);
    const error = await screen.findByText('標題最多 10 個字');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain(error.id);
    expect(error.getAttribute('aria-live')).toBe('polite');
    // Once in error, the field is checked again as it is typed in.
    fireEvent.input(title, { target: { value: '蚜蟲' } });
    await waitFor(() => expect(screen.queryByText('標題最多 10 個字')).toBeNull());
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows every field error on submit, before anything is sent', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('請輸入標題')).toBeTruthy();
  });

  it('takes an optional file input left empty (a nameless empty file) as no file, and still checks a chosen one', () => {
    const picture = adminFileField({ title: '圖片', purpose: 'test-picture', rules: staffPhotoUploadRules });
    const optional = browserFormSchema(z.object({ picture: picture.optional() }));
    expect(optional.safeParse({ picture: new File([], '') }).success).toBe(true);
    expect(optional.safeParse({ picture: new File(['x'], 'notes.txt', { type: 'text/plain' }) }).success).toBe(false);
    const required = browserFormSchema(z.object({ picture }));
    expect(required.safeParse({ picture: new File([], '') }).error?.issues[0]?.message).toBe('請選擇檔案');
  });
});
