/**
 * Reads a MIME message as a mail client shows it: decoded subject and the text and HTML parts.
 * Enough for the messages nodemailer builds (multipart/alternative, base64 or quoted-printable,
 * RFC 2047 subjects); tests use it to read what the SMTP peer received or an .eml file.
 */
export interface ReadMail {
  headers: Map<string, string>;
  subject: string;
  text: string | undefined;
  html: string | undefined;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const character = joined[index];
    if (character === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(index + 1, index + 3))) {
      bytes.push(parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(character ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), adjacent ones joined. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collectParts(raw: string, found: { text?: string; html?: string }): Map<string, string> {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\n/, ''), found);
    }
  } else if (type.toLowerCase().startsWith('text/html')) {
    found.html ??= decodeBody(body, headers.get('content-transfer-encoding'));
  } else if (type.toLowerCase().startsWith('text/plain')) {
    found.text ??= decodeBody(body, headers.get('content-transfer-encoding'));
  }
  return headers;
}

export function readMime(raw: string): ReadMail {
  const found: { text?: string; html?: string } = {};
  const headers = collectParts(raw, found);
  return {
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: found.text?.replace(/\n$/, ''),
    html: found.html,
  };
}
