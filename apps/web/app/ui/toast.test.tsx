import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notify, ToastRegion, toastDefaults } from './toast';

/*
 * react-toastify times a toast with a CSS animation on its (hidden) progress bar and closes the
 * toast on that animation's `animationend`; it fades with CSS animations too. happy-dom runs no
 * CSS animations, so these tests end them by dispatching the events a browser would.
 */

const toastElement = (text: string) => screen.getByText(text).closest('.Toastify__toast') as HTMLElement;
const timerBar = (text: string) => toastElement(text).querySelector('[role="progressbar"]') as HTMLElement;

/** The fade-in has ended: the toast starts its timer. */
function finishFadeIn(text: string) {
  fireEvent.animationEnd(toastElement(text));
}

async function showToast(kind: 'success' | 'error' | 'info', text: string) {
  act(() => {
    notify[kind](text);
  });
  await screen.findByText(text);
  finishFadeIn(text);
}

/** The fade-out has ended: the toast collapses (300 ms) and is removed. */
async function expectRemoved(text: string) {
  fireEvent.animationEnd(toastElement(text));
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}

describe('toasts', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('uses the spec defaults: 5000 ms, top-right, no progress bar, no close button', async () => {
    render(<ToastRegion />);
    await showToast('success', '已儲存');
    expect(toastDefaults).toEqual({ autoClose: 5000, extendedTimeOut: 1000, fadeMs: 300, position: 'top-right' });
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(timerBar('已儲存').style.animationDuration).toBe('5000ms');
    expect(timerBar('已儲存').style.animationPlayState).toBe('running');
    expect(toastElement('已儲存').querySelector('.Toastify__progress-bar--wrp')?.getAttribute('data-hidden')).toBe(
      'true',
    );
    expect(toastElement('已儲存').querySelector('.Toastify__close-button')).toBeNull();
  });

  it('fades in and out with the 300 ms fade classes', async () => {
    render(<ToastRegion />);
    act(() => {
      notify.info('處理中');
    });
    await screen.findByText('處理中');
    expect(toastElement('處理中').classList.contains('toast-fade-in')).toBe(true);
    finishFadeIn('處理中');
    fireEvent.click(toastElement('處理中'));
    await waitFor(() => expect(toastElement('處理中').classList.contains('toast-fade-out')).toBe(true));
  });

  it('closes when its 5000 ms run out', async () => {
    render(<ToastRegion />);
    await showToast('info', '時間到');
    fireEvent.animationEnd(timerBar('時間到'));
    await waitFor(() => expect(toastElement('時間到').classList.contains('toast-fade-out')).toBe(true));
    await expectRemoved('時間到');
  });

  it('is dismissed by a tap', async () => {
    render(<ToastRegion />);
    await showToast('info', '點一下就關閉');
    fireEvent.click(toastElement('點一下就關閉'));
    await waitFor(() => expect(toastElement('點一下就關閉').classList.contains('toast-fade-out')).toBe(true));
    await expectRemoved('點一下就關閉');
  });

  it('stays open while hovered and closes 1000 ms after the pointer leaves', async () => {
    render(<ToastRegion />);
    await showToast('success', '滑鼠停留');
    fireEvent.mouseEnter(toastElement('滑鼠停留'));
    await waitFor(() => expect(timerBar('滑鼠停留').style.animationPlayState).toBe('paused'));

    fireEvent.mouseLeave(toastElement('滑鼠停留'));
    // A fresh 1000 ms timer, running, replaces what was left of the 5000 ms.
    await waitFor(() => expect(timerBar('滑鼠停留').style.animationDuration).toBe('1000ms'));
    expect(timerBar('滑鼠停留').style.animationPlayState).toBe('running');

    fireEvent.animationEnd(timerBar('滑鼠停留'));
    await waitFor(() => expect(toastElement('滑鼠停留').classList.contains('toast-fade-out')).toBe(true));
  });

  it('restarts the 1000 ms after every hover', async () => {
    render(<ToastRegion />);
    await showToast('info', '再次停留');
    const firstBar = () => timerBar('再次停留');
    fireEvent.mouseEnter(toastElement('再次停留'));
    fireEvent.mouseLeave(toastElement('再次停留'));
    await waitFor(() => expect(firstBar().style.animationDuration).toBe('1000ms'));
    const barAfterFirstLeave = firstBar();
    fireEvent.mouseEnter(toastElement('再次停留'));
    fireEvent.mouseLeave(toastElement('再次停留'));
    // A new timer element means the CSS animation starts again from zero.
    await waitFor(() => expect(firstBar()).not.toBe(barAfterFirstLeave));
    expect(firstBar().style.animationDuration).toBe('1000ms');
  });

  it('keeps the full 5000 ms when the toast was never hovered', async () => {
    render(<ToastRegion />);
    await showToast('info', '未停留');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timerBar('未停留').style.animationDuration).toBe('5000ms');
  });

  it('puts the newest toast on top and shows duplicates', async () => {
    render(<ToastRegion />);
    await showToast('info', '第一則');
    await showToast('info', '第二則');
    act(() => {
      notify.info('第二則');
    });
    await waitFor(() => expect(screen.getAllByText('第二則')).toHaveLength(2));
    const order = Array.from(document.querySelectorAll('.Toastify__toast')).map((element) => element.textContent);
    expect(order).toEqual(['第二則', '第二則', '第一則']);
  });

  it('shows any number of toasts without a limit', async () => {
    render(<ToastRegion />);
    act(() => {
      for (let index = 1; index <= 8; index += 1) notify.info(`訊息 ${index}`);
    });
    await waitFor(() => expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(8));
  });

  it('with a limit, later toasts wait for a free slot', async () => {
    render(<ToastRegion limit={1} />);
    await showToast('info', '先來');
    act(() => {
      notify.info('後到');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('後到')).toBeNull();

    fireEvent.click(toastElement('先來'));
    await waitFor(() => expect(toastElement('先來').classList.contains('toast-fade-out')).toBe(true));
    await expectRemoved('先來');
    expect(await screen.findByText('後到')).toBeTruthy();
  });

  it('announces errors as alerts and other news as status messages', async () => {
    render(<ToastRegion />);
    await showToast('error', '儲存失敗');
    await showToast('success', '儲存成功');
    expect(toastElement('儲存失敗').getAttribute('role')).toBe('alert');
    expect(toastElement('儲存成功').getAttribute('role')).toBe('status');
    expect(toastElement('儲存失敗').className).toContain('Toastify__toast--error');
    expect(toastElement('儲存成功').className).toContain('Toastify__toast--success');
  });
});
