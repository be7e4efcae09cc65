import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './chromium';

const W = 640;
const H = 480;

const FPS = 10;

/**
 * A Y4M video (ten still frames) of a barcode drawn by bwip-js, for Chromium's fake camera: the journeys read
 * codes through the real camera path (getUserMedia, the BarcodeDetector or its ZXing ponyfill). With
 * `blankSeconds`, white frames come first: the camera opens on nothing, so a journey can check the scanner
 * while it waits (an accessibility scan of the open dialog) before the code closes it.
 */
export async function barcodeVideo(
  text: string,
  bcid: 'ean13' | 'code128' = 'ean13',
  { blankSeconds = 0 }: { blankSeconds?: number } = {},
): Promise<string> {
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
  const blank = Buffer.concat([Buffer.from('FRAME\n'), Buffer.alloc(W * H, 255), chroma, chroma]);
  const file = join(tmpdir(), `spesa-${bcid}-${text}-${blankSeconds}-${process.pid}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`),
      ...Array<Buffer>(Math.round(blankSeconds * FPS)).fill(blank),
      ...Array<Buffer>(10).fill(frame),
    ]),
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
