import type { SafeHtml } from '@pest/contracts';
import sanitizeHtml from 'sanitize-html';

/** The only frame host the page's Content-Security-Policy allows for embedded video. */
const videoEmbedHost = 'www.youtube-nocookie.com';
const youtubeHosts = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com', videoEmbedHost]);

/** Rewrites a YouTube embed address to the privacy-enhanced host; anything else loses its src. */
function videoEmbedSrc(src: string | undefined): string | undefined {
  if (!src) return undefined;
  try {
    const url = new URL(src);
    if (url.protocol !== 'https:' || !youtubeHosts.has(url.hostname) || !url.pathname.startsWith('/embed/')) {
      return undefined;
    }
    url.hostname = videoEmbedHost;
    return url.toString();
  } catch {
    return undefined;
  }
}

function withoutUndefined(attribs: Record<string, string | undefined>): sanitizeHtml.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).filter(([, value]) => value !== undefined),
  ) as sanitizeHtml.Attributes;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'a',
    'img',
    'figure',
    'figcaption',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [videoEmbedHost],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page title is the page's only h1; headings inside content start one level below.
    h1: 'h2',
    a: (tagName, attribs) => {
      const target = attribs.target === '_blank' ? '_blank' : undefined;
      // A new tab must not get a handle on this page (reverse tabnabbing).
      return {
        tagName,
        attribs: withoutUndefined({ ...attribs, target, rel: target ? 'noopener noreferrer' : undefined }),
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      // Images without a description are treated as decorative rather than left without alt.
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
    }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: withoutUndefined({
        src: videoEmbedSrc(attribs.src),
        title: attribs.title?.trim() || '嵌入影片',
        width: attribs.width,
        height: attribs.height,
        allow: 'accelerometer; encrypted-media; gyroscope; picture-in-picture',
        allowfullscreen: '',
        loading: 'lazy',
        referrerpolicy: 'strict-origin-when-cross-origin',
      }),
    }),
  },
  // Elements whose address was refused would be empty boxes: drop them.
  exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src,
};

/** Cleans HTML written in the back office before any page renders it. Why: decision 0010. */
export function sanitizeRichText(html: string): SafeHtml {
  return sanitizeHtml(html, options) as SafeHtml;
}
