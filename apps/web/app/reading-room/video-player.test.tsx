import type { Video } from '@pest/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VideoPlayer } from './video-player';

const base: Video = {
  id: 4,
  title: '病蟲害諮詢照片怎麼拍',
  detail: '拍攝遠照與近照的要領。',
  video: '',
  clip_url: null,
  clip_type: null,
  clip_size: null,
  published_at: '2024-12-10T00:00:00.000Z',
  img: 'reading-room/video-2.webp',
  img_width: 480,
  img_height: 320,
};

function Page({ video }: { video: Video }) {
  return (
    <>
      <h1 id="title">{video.title}</h1>
      <VideoPlayer video={video} titleId="title" descriptionId="description" />
      <p id="description">{video.detail}</p>
    </>
  );
}

describe('VideoPlayer', () => {
  it('plays a self-hosted clip in a named <video> with the cover as poster and a download link', () => {
    const { container } = render(
      <Page video={{ ...base, clip_url: '/files/video/4', clip_type: 'video/webm', clip_size: 204_800 }} />,
    );
    const video = container.querySelector('video');
    if (!video) throw new Error('no video element');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('poster')).toBe('/files/public/reading-room/video-2.webp');
    expect([video.getAttribute('width'), video.getAttribute('height')]).toEqual(['640', '360']);
    expect(video.getAttribute('aria-labelledby')).toBe('title');
    expect(video.getAttribute('aria-describedby')).toBe('description');
    const source = video.querySelector('source');
    expect(source?.getAttribute('src')).toBe('/files/video/4');
    expect(source?.getAttribute('type')).toBe('video/webm');
    // The fallback inside <video> and the visible link both download the file.
    expect(video.querySelector('a')?.getAttribute('href')).toBe('/files/video/4?download=1');
    const download = screen.getByRole('link', { name: '下載影片檔（200 KB）' });
    expect(download.getAttribute('href')).toBe('/files/video/4?download=1');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('plays a YouTube video in the privacy-enhanced frame', () => {
    const { container } = render(<Page video={{ ...base, video: 'abcDEF12345' }} />);
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcDEF12345?rel=0');
    expect(frame?.getAttribute('title')).toBe('影片：病蟲害諮詢照片怎麼拍');
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
