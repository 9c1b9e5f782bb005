/**
 * YouTube's privacy-enhanced player address: no cookies until the visitor plays the video
 * (the page's Content-Security-Policy allows frames from this host only).
 */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`;
}
