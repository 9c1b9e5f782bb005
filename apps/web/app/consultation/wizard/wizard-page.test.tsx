import type { ConsultationLevel, ConsultationOption } from '@pest/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { teamAuthoredNotice, WizardPage, type WizardStepData } from './wizard-page';

const crops = [
  { id: 10, cname: '水稻', ename: 'Rice', Online: '1' as const, pic2: 'files/records/1/album-1_mod.webp?t=1' },
  { id: 9, cname: '甘藍', ename: 'Cabbage', Online: '1' as const, pic2: '' },
];
const levels: ConsultationLevel[] = [
  { id: 1, cid: 10, name: '受害部位', position: 1, last: false },
  { id: 2, cid: 10, name: '可能的病蟲害', position: 2, last: true },
];
const option = (id: number, label: string, extra: Partial<ConsultationOption> = {}): ConsultationOption => ({
  id,
  name: label,
  path: '',
  pic: `files/records/${id}/album-1_mod.webp?t=1`,
  label,
  link: null,
  team_authored: true,
  ...extra,
});

function renderStep(step: WizardStepData, url = '/consultation?id=10') {
  const router = createMemoryRouter(
    [{ path: '/consultation', element: <WizardPage step={step} feedbackFormUrl="https://forms.example/q" /> }],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the diagnosis wizard page', () => {
  it('level 1: a radio card per option in a GET form, Next disabled until one is chosen, the team notice', async () => {
    await act(async () => {
      renderStep({
        crops,
        crop: crops[0]!,
        levels,
        level: levels[0]!,
        trail: [],
        options: [option(11, '葉片'), option(12, '莖')],
        selectedId: null,
      });
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('病蟲害診斷：水稻');
    expect(screen.getByRole('note').textContent).toBe(teamAuthoredNotice);
    const next = screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    const leaf = screen.getByRole('radio', { name: '葉片' }) as HTMLInputElement;
    expect(leaf.required).toBe(true);
    fireEvent.click(leaf);
    expect(next.disabled).toBe(false);
    // The form makes the next step's address: crop, next level, the earlier choices, this choice.
    const form = next.closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe(
      'id=10&level=2&o=11',
    );
    expect(screen.queryByRole('link', { name: '上一步' })).toBeNull();
    const menu = screen.getByRole('navigation', { name: '諮詢作物' });
    expect(within(menu).getByRole('link', { name: '水稻' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: '甘藍' }).getAttribute('href')).toBe('/consultation?id=9');
    expect(within(menu).getByRole('link', { name: '影像諮詢' }).getAttribute('href')).toBe('/consultation/advisory');
  });

  it('last level: links to the record or IPM page, Previous keeps the earlier choice, the extra cards', async () => {
    await act(async () => {
      renderStep({
        crops,
        crop: crops[0]!,
        levels,
        level: levels[1]!,
        trail: [{ level: levels[0]!, option: option(11, '葉片') }],
        options: [
          option(21, '稻熱病', { name: '稻熱病-5', link: '/search/bug/detail?id=5', team_authored: false }),
          option(22, '稻熱病 IPM', { name: '稻熱病 IPM-2', link: '/IPM/detail?id=2' }),
        ],
        selectedId: null,
      });
    });
    // The record link carries the step it was chosen on, so the record page leads back to it.
    expect(screen.getByRole('link', { name: /^稻熱病\s*病蟲害資料/ }).getAttribute('href')).toBe(
      '/search/bug/detail?id=5&wizard=id%3D10%26level%3D2%26o%3D11',
    );
    expect(screen.getByRole('link', { name: /^稻熱病 IPM\s*IPM 技術資料/ }).getAttribute('href')).toBe(
      '/IPM/detail?id=2',
    );
    // One card of two is the team's: the notice says which, and the card is tagged.
    expect(screen.getByRole('note').textContent).toContain('標示「團隊編寫」的選項');
    expect(screen.getAllByText('團隊編寫')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '上一步' }).getAttribute('href')).toBe('/consultation?id=10&level=1&o=11');
    expect(screen.getByRole('link', { name: '重新診斷' }).getAttribute('href')).toBe('/consultation?id=10');
    expect(screen.getByRole('link', { name: /無相似結果，前往影像諮詢/ }).getAttribute('href')).toBe(
      '/consultation/advisory',
    );
    const questionnaire = screen.getByRole('link', { name: /填寫問卷/ });
    expect(questionnaire.getAttribute('href')).toBe('https://forms.example/q');
    expect(questionnaire.getAttribute('target')).toBe('_blank');
  });

  it('without a crop: the crop choice as picture cards', async () => {
    await act(async () => {
      renderStep(
        { crops, crop: null, levels: [], level: null, trail: [], options: [], selectedId: null },
        '/consultation',
      );
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('病蟲害診斷');
    const main = screen.getByRole('heading', { level: 1 }).parentElement!;
    const picture = main.querySelector('img')!;
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('width')).toBe('480');
    expect(picture.getAttribute('height')).toBe('360');
  });
});
