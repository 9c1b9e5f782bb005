import type { Video } from '@pest/contracts';
import { appUrl, publicFileUrl } from '../kernel/file-url';
import { formatFileSize } from './format-file-size';
import { youtubeEmbedUrl } from './youtube-embed';

/**
 * A video's player: a self-hosted clip plays in the browser's own player (its cover as the
 * poster, a download link beside it and as the fallback); a YouTube video plays in the
 * privacy-enhanced YouTube frame. `titleId` names the player; `descriptionId`, when given,
 * points at the text that describes the clip (the text alternative of a silent clip).
 */
export function VideoPlayer({
  video,
  titleId,
  descriptionId,
}: {
  video: Video;
  titleId: string;
  descriptionId?: string | undefined;
}) {
  if (!video.clip_url) {
    return (
      <div className="rr-video">
        <iframe
          className="rr-video__frame"
          src={youtubeEmbedUrl(video.video)}
          title={`影片：${video.title}`}
          width={1280}
          height={720}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          // The site sends no Referer by default; YouTube's player refuses to start without one.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  const src = appUrl(video.clip_url);
  const download = `${src}?download=1`;
  const size = video.clip_size ? `（${formatFileSize(video.clip_size)}）` : '';
  return (
    <>
      <div className="rr-video">
        <video
          className="rr-video__frame"
          controls
          preload="metadata"
          playsInline
          poster={video.img ? publicFileUrl(video.img) : undefined}
          width={640}
          height={360}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
        >
          <source src={src} type={video.clip_type ?? undefined} />
          <p>
            這個瀏覽器無法播放影片，請<a href={download}>下載影片檔</a>觀看。
          </p>
        </video>
      </div>
      <p className="rr-video__download">
        <a href={download} className="button" download>
          下載影片檔{size}
        </a>
      </p>
    </>
  );
}
