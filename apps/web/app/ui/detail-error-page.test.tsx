import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DetailErrorPage } from './detail-error-page';

// The shape isRouteErrorResponse recognises: what a loader's 404 response becomes.
const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null };
const list = { title: '影音專區', href: '/video' };

function renderPage(error: unknown) {
  return render(
    <MemoryRouter>
      <DetailErrorPage error={error} list={list} missingMessage="找不到這部影片。" />
    </MemoryRouter>,
  );
}

describe('DetailErrorPage', () => {
  it('tells a visitor the record is missing and offers the list and the home page', () => {
    renderPage(notFound);
    expect(screen.getByRole('heading', { level: 1, name: '找不到這筆資料' })).toBeTruthy();
    expect(screen.getByText('找不到這部影片。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '回影音專區' }).getAttribute('href')).toBe('/video');
    expect(screen.getByRole('link', { name: '回到首頁' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('navigation', { name: '麵包屑' }).textContent).toContain('找不到資料');
  });

  it('tells a visitor a malformed address is wrong, in Chinese, with the same ways back', () => {
    renderPage({
      status: 400,
      statusText: 'Bad Request',
      internal: false,
      data: { message: '網址中的編號格式有誤。' },
    });
    expect(screen.getByRole('heading', { level: 1, name: '網址有誤' })).toBeTruthy();
    expect(screen.getByText('網址中的編號格式有誤。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '回影音專區' })).toBeTruthy();
  });

  it('apologises for any other failure, with the same ways back', () => {
    renderPage(new Error('database down'));
    expect(screen.getByRole('heading', { level: 1, name: '頁面發生錯誤' })).toBeTruthy();
    expect(screen.getByText('很抱歉，系統暫時無法顯示這個頁面，請稍後再試。')).toBeTruthy();
    expect(screen.queryByText('database down')).toBeNull();
    expect(screen.getByRole('link', { name: '回影音專區' })).toBeTruthy();
  });
});
