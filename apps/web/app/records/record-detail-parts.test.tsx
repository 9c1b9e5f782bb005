import type { RecordDetail, RecordPicture } from '@pest/contracts';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RecordTabContent } from './record-detail-parts';
import { selectTab } from './record-tabs';

const disease: RecordDetail = {
  id: 7,
  type: 'disease',
  diseaseClass: 'fungus',
  layout: 'disease',
  CName: '炭疽病',
  EName: 'Anthracnose',
  Name: 'Colletotrichum gloeosporioides',
  aliases: ['炭疽', '黑斑'],
  EClass1: 'Sordariomycetes',
  EClass2: 'Glomerellales',
  EClass3: 'Glomerellaceae',
  EClass4: 'Colletotrichum',
  EClass5: 'gloeosporioides',
  CClass1: '糞殼菌綱',
  CClass2: '小叢殼目',
  CClass3: '小叢殼科',
  Property: '分生孢子無色。',
  Life: '雨水傳播。',
  Distribute: '高溫多濕。',
  Harm: '番茄、檬果。',
  HarmPart: '',
  HarmDatail: '<b>凹陷</b>病斑。\n\n潮濕時出現孢子團。',
  Liter: '',
  Control: '清除病果。',
  drug1: '炭疽病',
  drug2: null,
  pesticideNames: ['炭疽病'],
  demo: true,
  state: 'published',
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-02T00:00:00Z',
};

function picture(id: number, Class: RecordPicture['Class'], caption = ''): RecordPicture {
  return {
    id,
    Name: `p${id}`,
    Type: 'webp',
    Class,
    obj: 'pic',
    Display: true,
    caption,
    credit: '',
    licence: '',
    width: 1200,
    height: 900,
    url: `files/records/7/p${id}.webp?t=1`,
    modUrl: `files/records/7/p${id}_mod.webp?t=1`,
    thumbUrl: `files/records/7/p${id}_thumb.webp?t=1`,
  };
}

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }]);
  render(<RouterProvider router={router} />);
}

describe('record tab content', () => {
  it('shows every name on the names tab', () => {
    renderInRouter(<RecordTabContent record={disease} pictures={[]} tab={selectTab('disease', null)} />);
    expect(screen.getByText('炭疽、黑斑')).toBeTruthy();
    expect(screen.getByText('病原學名')).toBeTruthy();
    expect(screen.getByText('Colletotrichum gloeosporioides').tagName).toBe('I');
    expect(screen.getByText('病害・真菌')).toBeTruthy();
  });

  it('renders text as paragraphs of plain text and shows the tab pictures only', () => {
    const pictures = [picture(1, 'album'), picture(2, 'harm', '葉片病斑'), picture(3, 'life')];
    renderInRouter(<RecordTabContent record={disease} pictures={pictures} tab={selectTab('disease', 'symptoms')} />);
    expect(screen.getByText('<b>凹陷</b>病斑。').tagName).toBe('P');
    expect(screen.getByText('潮濕時出現孢子團。').tagName).toBe('P');
    // The empty HarmPart sub-section is left out rather than shown with a heading.
    expect(screen.queryByRole('heading', { name: '為害部位' })).toBeNull();
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('alt')).toBe('葉片病斑');
    expect(images[0]!.getAttribute('src')).toBe('/files/records/7/p2_thumb.webp?t=1');
    expect(images[0]!.closest('a')!.getAttribute('href')).toBe('/files/records/7/p2.webp?t=1');
  });

  it('puts the pathogen classification table in the pathogen tab', () => {
    renderInRouter(<RecordTabContent record={disease} pictures={[]} tab={selectTab('disease', 'pathogen')} />);
    const table = screen.getByRole('table', { name: '病原分類地位' });
    const species = within(table).getByRole('row', { name: /種/ });
    expect(species.textContent).toContain('Colletotrichum gloeosporioides');
    expect(within(table).getByRole('row', { name: /綱/ }).textContent).toContain('糞殼菌綱');
  });

  it('links the control tab to the pesticide lookup and shows references', () => {
    renderInRouter(
      <RecordTabContent
        record={{ ...disease, Liter: '植物保護手冊。' }}
        pictures={[]}
        tab={selectTab('disease', 'control')}
      />,
    );
    expect(screen.getByRole('link', { name: '查詢推薦用藥' }).getAttribute('href')).toBe(
      '/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85',
    );
    expect(screen.getByRole('heading', { name: '參考文獻' })).toBeTruthy();
    expect(screen.queryByText('目前資料尚無登記用藥。')).toBeNull();
  });

  it('says beside the lookup link when the pesticide data holds no use for the record', () => {
    renderInRouter(
      <RecordTabContent record={disease} pictures={[]} tab={selectTab('disease', 'control')} pesticideUses={false} />,
    );
    expect(screen.getByRole('link', { name: '查詢推薦用藥' })).toBeTruthy();
    expect(screen.getByText('目前資料尚無登記用藥。')).toBeTruthy();
  });

  it('shows the no-data notice for an empty album', () => {
    renderInRouter(
      <RecordTabContent record={disease} pictures={[picture(2, 'harm')]} tab={selectTab('disease', 'album')} />,
    );
    expect(screen.getByText('暫無照片')).toBeTruthy();
  });
});
