import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './chromium';

const W = 640;
const H = 480;

/**
 * A Y4M video (ten still frames) of a barcode drawn by bwip-js, for Chromium's fake camera: the journeys read
 * codes through the real camera path (getUserMedia, the BarcodeDetector or its ZXing ponyfill).
 */
export async function barcodeVideo(text: string, bcid: 'ean13' | 'code128' = 'ean13'): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 4,
    height: 22,
    includetext: true,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  const luma = await sharp(png)
    .resize(W, H, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = join(tmpdir(), `spesa-${bcid}-${text}-${process.pid}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]),
  );
  return file;
}

/** `test.use(...)` options: the camera allowed and fed with this video. */
export const fakeCamera = (video: string) => ({
  permissions: ['camera'],
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});
