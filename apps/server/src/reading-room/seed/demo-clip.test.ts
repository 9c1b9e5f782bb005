import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoClipDuration, demoClipFormat, renderDemoClip, vp8FromWebp, wrapText } from './demo-clip';
import { loadDemoVideos } from './load-reading-room-content';

const content = {
  title: '水稻福壽螺綜合防治示範',
  points: ['整地時開挖集螺溝', '進水口加裝攔螺網', '秧苗期維持淺水'],
  from: '#14532d',
  to: '#65a30d',
};

/** A VP8 frame wrapped back into a minimal lossy WebP, so sharp (libwebp) can decode it. */
function webpOf(vp8: Uint8Array): Buffer {
  const padding = vp8.byteLength % 2;
  const file = Buffer.alloc(20 + vp8.byteLength + padding);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(12 + vp8.byteLength + padding, 4);
  file.write('WEBPVP8 ', 8, 'latin1');
  file.writeUInt32LE(vp8.byteLength, 16);
  file.set(vp8, 20);
  return file;
}

/** The colour at (x, y) of a decoded frame. */
async function pixel(vp8: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(webpOf(vp8)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * demoClipFormat.width + x) * 3;
  return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
}

describe('demo clip', () => {
  let clip: Buffer;
  beforeAll(async () => {
    clip = Buffer.from(await renderDemoClip(content));
  });

  it('is a WebM file with one VP8 video track and no audio', () => {
    // EBML header magic, then the DocType element (0x4282) saying webm.
    expect(clip.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(clip.indexOf(Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm')]))).toBeGreaterThan(4);
    // The track's CodecID element (0x86).
    expect(clip.indexOf(Buffer.from([0x86, 0x85, ...Buffer.from('V_VP8')]))).toBeGreaterThan(0);
    expect(clip.byteLength).toBeLessThan(300_000);
  });

  it('reads back as a 640×360 clip of the expected duration, all key frames at 2 per second', async () => {
    const input = new Input({ source: new BufferSource(clip), formats: ALL_FORMATS });
    expect(await input.getMimeType()).toBe('video/webm; codecs="vp8"');
    expect(await input.computeDuration()).toBe(demoClipDuration(content.points.length));
    expect(await input.getPrimaryAudioTrack()).toBeNull();
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error('no video track');
    expect(track.codec).toBe('vp8');
    expect([track.displayWidth, track.displayHeight]).toEqual([640, 360]);
    const packets = [];
    for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet);
    expect(packets).toHaveLength(demoClipDuration(content.points.length) * demoClipFormat.frameRate);
    expect(packets.every((packet) => packet.type === 'key')).toBe(true);
    expect(packets.map((packet) => packet.timestamp).slice(0, 3)).toEqual([0, 0.5, 1]);
  });

  it('has frames a VP8 decoder reads, with a progress bar that fills as it plays', async () => {
    const input = new Input({ source: new BufferSource(clip), formats: ALL_FORMATS });
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error('no video track');
    const sink = new EncodedPacketSink(track);
    const first = await sink.getFirstPacket();
    const last = await sink.getPacket(Infinity);
    if (!first || !last) throw new Error('no packets');
    // Near the right end of the bar along the top: the empty track at the start, the accent colour at the end.
    const [red, green, blue] = await pixel(last.data, 600, 4);
    expect(Math.abs((red ?? 0) - 0x65)).toBeLessThan(24);
    expect(Math.abs((green ?? 0) - 0xa3)).toBeLessThan(24);
    expect(Math.abs((blue ?? 0) - 0x0d)).toBeLessThan(24);
    const [startGreen] = (await pixel(first.data, 600, 4)).slice(1);
    expect(Math.abs((startGreen ?? 0) - 0xa3)).toBeGreaterThan(40);
  });

  it('fits every seeded video on 3 or 4 slides of one line each', async () => {
    for (const video of await loadDemoVideos()) {
      expect(video.points.length).toBeGreaterThanOrEqual(3);
      expect(video.points.length).toBeLessThanOrEqual(4);
      for (const point of video.points) expect(wrapText(point, 44, 560)).toHaveLength(1);
      expect(video.detail).toContain(video.points.join('；'));
    }
  });

  it('breaks long text into even lines, never starting one with punctuation', () => {
    expect(wrapText('整地時開挖集螺溝，集中撿除福壽螺', 44, 560)).toEqual(['整地時開挖集螺溝，', '集中撿除福壽螺']);
    expect(wrapText('整地時開挖集螺溝集中撿除福壽螺', 44, 560)).toEqual(['整地時開挖集螺溝', '集中撿除福壽螺']);
  });

  it('refuses a WebP file without a lossy VP8 chunk', async () => {
    expect(() => vp8FromWebp(new Uint8Array(16))).toThrow('Not a WebP file');
    const lossless = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .webp({ lossless: true })
      .toBuffer();
    expect(() => vp8FromWebp(lossless)).toThrow('no lossy VP8 chunk');
  });
});
