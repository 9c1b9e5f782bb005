import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { multipartBody } from '../../platform/uploads/test/multipart';

/**
 * Signs a demo identity in (the local provider, demo mode) and returns its session cookie, as the
 * discussion pages do; with `memberHeaders` the identity is linked to that member instead.
 */
export async function demoIdentity(app: FastifyInstance, name: string): Promise<string> {
  const issued = await app.inject({ method: 'POST', url: '/api/v1/discussion/demo/id-token', payload: { name } });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/discussion/session',
    payload: { idToken: issued.json().data.idToken },
  });
  if (signedIn.statusCode !== 200) throw new Error(`demo sign-in failed: ${signedIn.body}`);
  return String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
}

/** A question with one photo, asked through the spec's upload and /discussmain_new; its id. */
export async function askAs(app: FastifyInstance, headers: Record<string, string>, describe: string): Promise<number> {
  const photo = await sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: describe.length * 7, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const body = multipartBody([{ name: 'file', value: { fileName: 'p.png', contentType: 'image/png', data: photo } }]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/discuss/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  const asked = await app.inject({
    method: 'POST',
    url: '/api/discuss/discussmain_new',
    payload: { describe, note: '矩陣測試', pic: uploaded.body },
    headers,
  });
  if (asked.statusCode !== 200) throw new Error(`asking failed: ${asked.body}`);
  return asked.json().d.id;
}

/** A comment on a question; its id. */
export async function commentAs(
  app: FastifyInstance,
  headers: Record<string, string>,
  questionId: number,
  text: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/discuss/discusssub_new',
    payload: { discussid: String(questionId), dcontent: text },
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`comment failed: ${response.body}`);
  return response.json().d.id as number;
}
